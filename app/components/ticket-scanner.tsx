import { Camera, CameraOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { buttonClasses } from "./ui/button";

/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const SCAN_INTERVAL_MS = 150;
/**
 * A code still in front of the camera is the same ticket, not a second scan: it is sent again only
 * after the camera has not seen it for this long (then the door is told it was already checked in).
 */
const SAME_CODE_PAUSE_MS = 3_000;
/** Frames are read at most this many pixels on their longer side: plenty for a QR code held up close. */
const MAX_FRAME_SIDE = 640;

type CameraState = "off" | "starting" | "on" | "denied" | "noCamera" | "unsupported" | "failed";
type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** The parts of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

/**
 * Reads QR codes with the device's camera (the back one on phones) and hands each new code to
 * `onCode`, waiting for it before reading on. Decodes with the browser's BarcodeDetector where it
 * exists, otherwise with jsQR, which is downloaded only when the camera starts. The camera stops on
 * "Stop camera", when the page is left, and when the component goes away. Shown only once the page
 * runs scripts; the typed-code form beside it needs none.
 */
export function TicketScanner({ onCode }: { onCode: (code: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CameraState>("off");
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  // Each start gets a new session; stopping ends it, so a late frame or a late camera is dropped.
  const sessionRef = useRef<{ stream: MediaStream | null; active: boolean } | null>(null);

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const stopOnLeave = () => stopSession(sessionRef.current, videoRef.current);
    window.addEventListener("pagehide", stopOnLeave);
    return () => {
      window.removeEventListener("pagehide", stopOnLeave);
      stopOnLeave();
    };
  }, []);

  function stop() {
    stopSession(sessionRef.current, videoRef.current);
    sessionRef.current = null;
    setState("off");
  }

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) return setState("unsupported");
    stopSession(sessionRef.current, videoRef.current);
    const session: { stream: MediaStream | null; active: boolean } = { stream: null, active: true };
    sessionRef.current = session;
    setState("starting");
    try {
      session.stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
    } catch (error) {
      if (session.active) setState(cameraProblem(error));
      session.active = false;
      return;
    }
    const video = videoRef.current;
    if (!session.active || !video) return stopSession(session, video);
    video.srcObject = session.stream;
    let decode: Decode;
    try {
      await video.play();
      decode = await loadDecoder();
    } catch {
      if (session.active) setState("failed");
      return stopSession(session, video);
    }
    if (!session.active) return;
    setState("on");
    scanFrames(session, video, decode);
  }

  function scanFrames(session: { active: boolean }, video: HTMLVideoElement, decode: Decode) {
    let last = { code: "", seenAt: -Infinity };
    const readFrame = async () => {
      if (!session.active) return;
      const code =
        video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await decode(video).catch(() => null) : null;
      if (code && session.active) {
        const now = performance.now();
        const isSameTicket = code === last.code && now - last.seenAt < SAME_CODE_PAUSE_MS;
        last = { code, seenAt: now };
        if (!isSameTicket) {
          await onCodeRef.current(code);
          // The answer took a moment: the ticket shown meanwhile is still the same one.
          last = { code, seenAt: performance.now() };
        }
      }
      if (session.active) setTimeout(readFrame, SCAN_INTERVAL_MS);
    };
    void readFrame();
  }

  const problem = PROBLEM_KEYS[state];
  const isRunning = state === "starting" || state === "on";
  return (
    <section aria-labelledby="ticket-scanner-title" className="flex flex-col gap-3">
      <h2 id="ticket-scanner-title" className="text-lg font-semibold">
        {t("checkIn.camera.title")}
      </h2>
      {isRunning ? (
        <button type="button" onClick={stop} className={buttonClasses("outline", "md", "self-start")}>
          <CameraOff aria-hidden="true" className="h-4 w-4" />
          {t("checkIn.camera.stop")}
        </button>
      ) : (
        <button type="button" onClick={() => void start()} className={buttonClasses("primary", "md", "self-start")}>
          <Camera aria-hidden="true" className="h-4 w-4" />
          {t("checkIn.camera.start")}
        </button>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {state === "starting" && t("checkIn.camera.starting")}
        {state === "on" && t("checkIn.camera.aim")}
      </p>
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(problem)}
        </p>
      )}
      <video
        ref={videoRef}
        hidden={!isRunning}
        muted
        playsInline
        aria-label={t("checkIn.camera.preview")}
        className="aspect-video w-full max-w-md rounded-lg bg-black object-cover"
      />
    </section>
  );
}

const PROBLEM_KEYS: Record<CameraState, string | null> = {
  off: null,
  starting: null,
  on: null,
  denied: "checkIn.camera.denied",
  noCamera: "checkIn.camera.noCamera",
  unsupported: "checkIn.camera.unsupported",
  failed: "checkIn.camera.failed",
};

/** Why getUserMedia failed, as the door should be told (names from the Media Capture spec). */
function cameraProblem(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noCamera";
  return "failed";
}

function stopSession(session: { stream: MediaStream | null; active: boolean } | null, video: HTMLVideoElement | null) {
  if (!session) return;
  session.active = false;
  for (const track of session.stream?.getTracks() ?? []) track.stop();
  if (video && video.srcObject === session.stream) video.srcObject = null;
}

/** The browser's own QR reader when it has one, else jsQR (loaded now, not with the page). */
async function loadDecoder(): Promise<Decode> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas to read camera frames with");
  return async (video) => {
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    // Both ways: a ticket on a phone in dark mode may show its code light on dark.
    return jsQR(frame.data, width, height, { inversionAttempts: "attemptBoth" })?.data ?? null;
  };
}
