import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import { createTranslator } from "#app/i18n/translator";
import am from "#app/i18n/locales/pages/am.json";
import ar from "#app/i18n/locales/pages/ar.json";
import en from "#app/i18n/locales/pages/en.json";
import fr from "#app/i18n/locales/pages/fr.json";
import { describeProblem, problemFromAuthError, problemFromProviderError, type AuthProblem } from "./auth-problem";

const english = createTranslator("en", en).t;
const describeError = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  describeProblem(english, problemFromAuthError({ status, code, message, extra }));

describe("what account pages say about the services' errors (spec §8)", () => {
  it("titles the three errors the spec names by their messages", () => {
    expect(describeError(429, "over_email_send_rate_limit", "email rate limit exceeded")).toEqual({
      title: "Email Limit Reached",
      message: "Too many email attempts. Please try again later or contact support.",
    });
    expect(describeError(422, "user_already_exists", "User already registered")).toEqual({
      title: "Account Already Exists",
      message: "An account with this email already exists. Please sign in instead.",
    });
    expect(describeError(400, "validation_failed", "Unsupported provider: provider is not enabled")).toEqual({
      title: "Provider Not Configured",
      message: "This login method is not enabled. Please use email/password or contact the administrator.",
    });
  });

  it("shows other errors under 'Error' with the service's words", () => {
    expect(describeError(400, "invalid_credentials", "Invalid login credentials")).toEqual({
      title: "Error",
      message: "Invalid login credentials",
    });
    expect(describeError(403, "otp_expired", "Email link is invalid or has expired").message).toBe(
      "Email link is invalid or has expired",
    );
    expect(describeError(400, "validation_failed", "Unable to validate email address: invalid format")).toEqual({
      title: "Error",
      message: "Unable to validate email address: invalid format",
    });
    expect(describeError(418, "something_new", "A message of its own")).toEqual({
      title: "Error",
      message: "A message of its own",
    });
  });

  it("explains a weak password by its reasons, and the wait before another e-mail", () => {
    const weak = describeError(422, "weak_password", "Password should be at least 8 characters.", {
      weak_password: { reasons: ["length", "pwned"] },
    });
    expect(weak.message).toBe(
      "Password should be at least 8 characters. This password is too common or has appeared in a data breach. Please choose another.",
    );
    expect(
      describeError(
        429,
        "over_email_send_rate_limit",
        "For security purposes, you can only request this after 42 seconds.",
      ).message,
    ).toBe("For security purposes, you can only request this after 42 seconds.");
  });

  it("names the field a problem is about, so the form can point to it", () => {
    expect(problemFromAuthError({ status: 400, code: "invalid_credentials", message: "" }).field).toBe("password");
    expect(problemFromAuthError({ status: 422, code: "user_already_exists", message: "" }).field).toBe("email");
    expect(problemFromAuthError({ status: 500, code: "unexpected_failure", message: "boom" })).toEqual({
      kind: "unexpected",
    });
  });

  it("never shows the words of a provider error's link, only problems it can translate", () => {
    const fromLink = (query: string) => describeProblem(english, problemFromProviderError(new URLSearchParams(query)));
    const generic = {
      title: "Error",
      message: "Sign-in with this provider did not complete. Please try again.",
    };
    expect(
      fromLink("error=access_denied&error_code=access_denied&error_description=Your+account+is+locked.+Call+555-0100"),
    ).toEqual(generic);
    expect(fromLink("error=server_error&error_description=Visit+evil.example+to+verify")).toEqual(generic);
    expect(fromLink("error_code=validation_failed&error_description=Pay+at+evil.example")).toEqual(generic);
    expect(fromLink("")).toEqual(generic);
    // Codes we know keep their own translated words.
    expect(fromLink("error_code=user_banned&error_description=anything")).toEqual({
      title: "Error",
      message: "User is banned",
    });
    expect(fromLink("error_code=bad_oauth_state&error_description=anything")).toEqual(generic);
  });

  it("has words for every kind of problem in every language", () => {
    const locales = { en, fr, ar, am };
    const kinds: AuthProblem[] = [
      { kind: "emailLimit" },
      { kind: "accountExists" },
      { kind: "providerNotConfigured" },
      { kind: "magicLinkEmailRequired" },
      { kind: "invalidCredentials" },
      { kind: "emailNotConfirmed" },
      { kind: "emailRequired" },
      { kind: "invalidEmail" },
      { kind: "passwordRequired" },
      { kind: "nameRequired" },
      { kind: "weakPassword", reasons: ["length", "pwned", "characters"] },
      { kind: "passwordTooLong" },
      { kind: "samePassword" },
      { kind: "retryAfter", seconds: 30 },
      { kind: "requestLimit" },
      { kind: "linkExpired" },
      { kind: "sessionExpired" },
      { kind: "providerFailed" },
      { kind: "userBanned" },
      { kind: "unexpected" },
      { kind: "formTooLarge" },
    ];
    for (const language of LANGUAGES) {
      const t = createTranslator(language, locales[language]).t;
      for (const problem of kinds) {
        const { title, message } = describeProblem(t, problem);
        expect(title, `${language} ${problem.kind}`).not.toMatch(/^auth\./);
        expect(message, `${language} ${problem.kind}`).not.toMatch(/auth\.|\{\{/);
      }
    }
  });
});
