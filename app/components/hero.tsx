import { Pause, Play, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { Form, Link } from "react-router";
import { buttonClasses } from "./ui/button";

const POSTER = "/media/hero-poster.webp";

/**
 * The home page's 600 px hero: a muted, looping background video (not played at all when the visitor
 * asks for reduced motion, and pausable), the headline, a search box and the two main actions.
 */
export function Hero() {
  const { t } = useTranslation();
  // The poster is the page's largest paint. Browsers do not look ahead for video posters as they do for
  // images, so without this hint in <head> it is requested late and shares the line with scripts and fonts.
  preload(POSTER, { as: "image", fetchPriority: "high" });
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const follow = () => {
      if (reducedMotion.matches) element.pause();
      else void element.play().catch(() => {});
    };
    follow();
    reducedMotion.addEventListener("change", follow);
    return () => reducedMotion.removeEventListener("change", follow);
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  };

  return (
    <section className="relative isolate flex h-[600px] items-center overflow-hidden bg-[#140b24] text-white">
      <video
        ref={video}
        className="absolute inset-0 -z-10 h-full w-full object-cover"
        poster={POSTER}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/70 via-black/35 to-black/20" />
      <div className="mx-auto flex w-full max-w-7xl flex-col items-start gap-6 px-4">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight drop-shadow md:text-6xl">
          {t("home.heroTitle")}
        </h1>
        <p className="max-w-2xl text-lg text-white/90">{t("app.tagline")}</p>
        <Form method="get" action="/events" role="search" className="flex w-full max-w-2xl gap-2">
          <label htmlFor="hero-search" className="sr-only">
            {t("home.heroSearchLabel")}
          </label>
          <input
            id="hero-search"
            name="q"
            type="search"
            maxLength={200}
            placeholder={t("home.heroSearchPlaceholder")}
            className="h-12 min-w-0 flex-1 rounded-md border border-white/30 bg-white px-4 text-zinc-900 placeholder:text-zinc-600"
          />
          <SubmitButton variant="onImage" className="h-12">
            <Search aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">{t("home.heroSearchSubmit")}</span>
          </SubmitButton>
        </Form>
        <div className="flex flex-wrap gap-3">
          <Link to="/events" className={buttonClasses("light")}>
            {t("home.findEvents")}
          </Link>
          <Link to="/create" className={buttonClasses("onImage")}>
            {t("home.createEvent")}
          </Link>
        </div>
      </div>
      <button
        type="button"
        onClick={toggle}
        className="absolute bottom-4 end-4 inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={playing ? t("home.pauseVideo") : t("home.playVideo")}
      >
        {playing ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
      </button>
    </section>
  );
}
