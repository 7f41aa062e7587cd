import { EventEmitter } from "node:events";

/**
 * In-process news that a job was queued, so a worker in this process starts it at once instead of
 * at its next poll. Workers in other processes still find it by polling.
 */
const signal = new EventEmitter();
// Every worker of the process listens (tests boot several servers in one process).
signal.setMaxListeners(0);

export function signalJobEnqueued(): void {
  signal.emit("enqueued");
}

/** Calls `listener` after each signalJobEnqueued(); returns the function that stops listening. */
export function onJobEnqueued(listener: () => void): () => void {
  signal.on("enqueued", listener);
  return () => signal.off("enqueued", listener);
}
