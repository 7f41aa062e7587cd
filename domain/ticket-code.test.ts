import { describe, expect, it } from "vitest";
import {
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  formatTicketCode,
  isTicketCode,
  normalizeTicketCode,
} from "./ticket-code";

const CODE = "7K3MQ9XW2ZP8RT4VN6HJ";

describe("ticket codes", () => {
  it("are 20 characters of Crockford's base32, which has no I, L, O or U", () => {
    expect(TICKET_CODE_LENGTH).toBe(20);
    expect(TICKET_CODE_ALPHABET).toHaveLength(32);
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(isTicketCode(CODE)).toBe(true);
  });

  it("are not codes when too short, too long, lower case, dashed or holding left-out letters", () => {
    for (const value of [
      "",
      CODE.slice(1),
      `${CODE}A`,
      CODE.toLowerCase(),
      formatTicketCode(CODE),
      `${CODE.slice(1)}U`,
    ]) {
      expect(isTicketCode(value), value).toBe(false);
    }
    expect(isTicketCode(42)).toBe(false);
    expect(isTicketCode(null)).toBe(false);
  });

  it("are shown in four groups of five", () => {
    expect(formatTicketCode(CODE)).toBe("7K3MQ-9XW2Z-P8RT4-VN6HJ");
  });

  it("are read back from what people type: spaces, dashes and lower case ignored", () => {
    expect(normalizeTicketCode(" 7k3mq-9xw2z-p8rt4-vn6hj ")).toBe(CODE);
    expect(normalizeTicketCode("7K3MQ 9XW2Z\tP8RT4 -- VN6HJ")).toBe(CODE);
    expect(normalizeTicketCode(formatTicketCode(CODE))).toBe(CODE);
  });

  it("read O as zero and I or L as one, the digits they look like", () => {
    expect(normalizeTicketCode("OOOOO-IIIII-lllll-00000")).toBe("00000111111111100000");
  });

  it("read nothing from input that is not a whole code", () => {
    for (const value of [
      "",
      "   ",
      CODE.slice(0, 19),
      `${CODE}7`,
      `${CODE.slice(0, 19)}U`,
      `${CODE.slice(0, 19)}!`,
      "7K3MQ_9XW2Z_P8RT4_VN6HJ",
    ]) {
      expect(normalizeTicketCode(value), value).toBeNull();
    }
  });
});
