import { describe, expect, it } from "vitest";
import { checkContactMessage, contactReferenceFrom, contactReferenceIn } from "./contact-message";

const good = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  topic: "press",
  message: "Hello, a question please.",
  reference: "",
};

describe("checkContactMessage", () => {
  it("accepts a complete message, lower-cases the address and drops an empty reference", () => {
    expect(checkContactMessage(good, { needsTopic: true })).toEqual({
      ok: true,
      message: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        topic: "press",
        message: "Hello, a question please.",
        reference: null,
      },
    });
  });

  it("names every field's problem at once", () => {
    const result = checkContactMessage(
      { name: " ", email: "not-an-address", topic: "gossip", message: "short", reference: "x".repeat(101) },
      { needsTopic: true },
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        name: "name_required",
        email: "email_invalid",
        topic: "topic_required",
        message: "message_too_short",
        reference: "reference_too_long",
      },
    });
  });

  it("asks no topic of a message to an organizer, and keeps none", () => {
    const result = checkContactMessage({ ...good, topic: "" }, { needsTopic: false });
    expect(result.ok && result.message.topic).toBeNull();
  });

  it("keeps line breaks in the message but none in the name, so nothing reaches a mail header", () => {
    const result = checkContactMessage(
      { ...good, name: "Ada\r\nBcc: x@y.com", message: "Line one\r\nLine two" },
      { needsTopic: true },
    );
    expect(result.ok && result.message.name).toBe("Ada Bcc: x@y.com");
    expect(result.ok && result.message.message).toBe("Line one\nLine two");
  });

  it("refuses a message over 5,000 characters and a name over 120", () => {
    const result = checkContactMessage(
      { ...good, name: "n".repeat(121), message: "m".repeat(5001) },
      { needsTopic: true },
    );
    expect(result).toEqual({ ok: false, problems: { name: "name_too_long", message: "message_too_long" } });
  });
});

describe("thread references", () => {
  it("makes DMV- and eight unambiguous characters, and finds them again in a subject", () => {
    const reference = contactReferenceFrom(new Uint8Array([0, 1, 2, 3, 30, 31, 60, 255]));
    expect(reference).toMatch(/^DMV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(contactReferenceIn(`Re: Your message [${reference.toLowerCase()}]`)).toBe(reference);
    expect(contactReferenceIn("no reference here")).toBeNull();
  });
});
