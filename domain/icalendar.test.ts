import { describe, expect, it } from "vitest";
import { escapeText, foldLine, toICalendar } from "./icalendar";

const event = {
  uid: "event-1@dmv-events",
  title: "Jazz, Wine; and\nFriends",
  description: "Bring a friend.",
  startsAt: new Date("2026-12-05T00:30:00Z"),
  endsAt: new Date("2026-12-05T03:30:00Z"),
  location: "The Anthem, 901 Wharf St SW, Washington, DC 20024",
  url: "https://example.org/events/1",
  now: new Date("2026-11-22T12:00:00Z"),
};

describe("iCalendar files", () => {
  it("describe the event with UTC start and end, escaped text and CRLF line ends", () => {
    const text = toICalendar([event], "DMV Events");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text).toContain("DTSTART:20261205T003000Z\r\n");
    expect(text).toContain("DTEND:20261205T033000Z\r\n");
    expect(text).toContain("SUMMARY:Jazz\\, Wine\\; and\\nFriends\r\n");
    expect(text).toContain("LOCATION:The Anthem\\, 901 Wharf St SW\\, Washington\\, DC 20024\r\n");
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  it("fold long lines at 75 octets without splitting a character", () => {
    const folded = foldLine(`SUMMARY:${"ሌሊት የኢትዮጵያ ጃዝ ".repeat(10)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((line) => line.startsWith(" ")),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"ሌሊት የኢትዮጵያ ጃዝ ".repeat(10)}`);
  });

  it("escape backslashes before anything else", () => {
    expect(escapeText("a\\b,c")).toBe("a\\\\b\\,c");
  });
});
