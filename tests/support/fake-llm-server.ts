import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A chat-completions server on 127.0.0.1 for tests: it speaks the OpenAI wire format (POST /v1/chat/completions,
 * server-sent events `data: {choices:[{delta:{content}}]}` then `data: [DONE]` with `stream: true`, one JSON
 * answer without), never a real model. It answers in the language its system message asks for ("Answer in
 * French" gives French), one word per chunk with a pause between chunks, and can be told to be slow, to fail,
 * to break off mid-answer, or to add a suggestions block. It records every request it was sent.
 */

export interface FakeLlmRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
}

export interface FakeLlmBehaviour {
  /** Before the first chunk (the headers are sent at once). */
  firstByteDelayMs: number;
  /** Between chunks. */
  chunkDelayMs: number;
  /** Answer this status with an error body instead. */
  failWithStatus: number | null;
  /** Close the connection after this many chunks, without [DONE]. */
  breakAfterChunks: number | null;
  /** Text appended to the answer as it is (e.g. a ```json block of suggestions). */
  suffix: string;
}

export interface FakeLlmServer {
  /** The API's base address, as LLM_BASE_URL takes it. */
  baseUrl: string;
  requests: FakeLlmRequest[];
  behave: (changes: Partial<FakeLlmBehaviour>) => void;
  /** Stops listening and cuts open connections: later requests are refused. */
  stop: () => Promise<void>;
}

const DEFAULT_BEHAVIOUR: FakeLlmBehaviour = {
  firstByteDelayMs: 0,
  chunkDelayMs: 5,
  failWithStatus: null,
  breakAfterChunks: null,
  suffix: "",
};

/** What the fake model says, by the language the system message names. */
export const FAKE_ANSWERS: Record<string, string> = {
  French:
    "Bonjour ! Votre conférence est bien partie. Réservez la salle en premier, puis vérifiez les permis " +
    "du comté et ouvrez la billetterie six semaines avant. Prévoyez une marge pour les imprévus.",
  English:
    "Hello! Your conference is off to a good start. Book the venue first, then check the county permits " +
    "and open ticket sales six weeks ahead. Keep a margin for the unexpected.",
  Arabic: "مرحبًا! مؤتمرك يسير على ما يرام. احجز القاعة أولًا ثم تحقق من التصاريح وافتح بيع التذاكر مبكرًا.",
  Amharic: "ሰላም! ጉባኤዎ በጥሩ ሁኔታ ላይ ነው። መጀመሪያ አዳራሹን ይያዙ፣ ከዚያ ፈቃዶችን ያረጋግጡ።",
};

export function languageAskedFor(request: FakeLlmRequest): string {
  const system = request.body.messages?.find((message) => message.role === "system")?.content ?? "";
  return /Answer in (\w+)/.exec(system)?.[1] ?? "English";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlmServer(initial: Partial<FakeLlmBehaviour> = {}): Promise<FakeLlmServer> {
  let behaviour: FakeLlmBehaviour = { ...DEFAULT_BEHAVIOUR, ...initial };
  const requests: FakeLlmRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    let raw = "";
    for await (const chunk of request) raw += chunk;
    const recorded: FakeLlmRequest = { authorization: request.headers.authorization, body: JSON.parse(raw) };
    requests.push(recorded);
    const now = behaviour;
    if (now.failWithStatus !== null) {
      response
        .writeHead(now.failWithStatus, { "Content-Type": "application/json" })
        .end('{"error":{"message":"the model is overloaded"}}');
      return;
    }
    const answer = (FAKE_ANSWERS[languageAskedFor(recorded)] ?? FAKE_ANSWERS.English!) + now.suffix;
    if (!recorded.body.stream) {
      await sleep(now.firstByteDelayMs);
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: answer } }] }));
      return;
    }
    await streamAnswer(response, answer, now);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (changes) => {
      behaviour = { ...behaviour, ...changes };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Words and the spaces after them, so the chunks put together are the answer exactly. */
function chunksOf(answer: string): string[] {
  return answer.match(/\S+\s*|\s+/g) ?? [];
}

async function streamAnswer(response: ServerResponse, answer: string, behaviour: FakeLlmBehaviour) {
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  response.flushHeaders();
  await sleep(behaviour.firstByteDelayMs);
  const event = (choice: object) =>
    `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", choices: [{ index: 0, ...choice }] })}\n\n`;
  response.write(event({ delta: { role: "assistant", content: "" }, finish_reason: null }));
  const chunks = chunksOf(answer);
  for (const [index, chunk] of chunks.entries()) {
    if (response.destroyed) return;
    if (behaviour.breakAfterChunks !== null && index === behaviour.breakAfterChunks) {
      response.socket?.destroy();
      return;
    }
    response.write(event({ delta: { content: chunk }, finish_reason: null }));
    await sleep(behaviour.chunkDelayMs);
  }
  response.write(event({ delta: {}, finish_reason: "stop" }));
  response.end("data: [DONE]\n\n");
}
