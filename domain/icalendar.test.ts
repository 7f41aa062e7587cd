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

/**
 * A strict reader of RFC 5545 text, enough to check our files: CRLF line ends, physical lines of at
 * most 75 octets, folding by CRLF + one space, components nested and closed, every property a
 * `NAME[;PARAM=VALUE]*:value`, and TEXT values with only the escapes §3.3.11 allows.
 */
interface Component {
  name: string;
  properties: { name: string; params: Record<string, string>; value: string }[];
  components: Component[];
}

function parseICalendar(text: string): Component {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ")) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const root: Component = { name: "", properties: [], components: [] };
  const stack = [root];
  for (const line of logical) {
    const match = /^([A-Z][A-Z0-9-]*)((?:;[A-Z0-9-]+=[^;:"]*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const [, name, paramText, value] = match as unknown as [string, string, string, string];
    const params = Object.fromEntries(
      paramText
        .split(";")
        .filter(Boolean)
        .map((param) => param.split("=") as [string, string]),
    );
    const current = stack.at(-1)!;
    if (name === "BEGIN") {
      const component: Component = { name: value, properties: [], components: [] };
      current.components.push(component);
      stack.push(component);
    } else if (name === "END") {
      expect(current.name).toBe(value);
      stack.pop();
    } else {
      current.properties.push({ name, params, value });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.components).toHaveLength(1);
  return root.components[0]!;
}

const TEXT_PROPERTIES = new Set(["SUMMARY", "DESCRIPTION", "LOCATION", "NAME", "X-WR-CALNAME", "X-WR-CALDESC"]);

/** A TEXT value as a client reads it; throws on an escape RFC 5545 does not define. */
function unescapeText(value: string): string {
  return value.replace(/\\(.)|([;,])/g, (_whole, escaped: string | undefined, bare: string | undefined) => {
    if (bare) throw new Error(`Unescaped ${bare} in ${value}`);
    if (escaped === "n" || escaped === "N") return "\n";
    if (escaped === "\\" || escaped === ";" || escaped === ",") return escaped;
    throw new Error(`Unknown escape \\${escaped} in ${value}`);
  });
}

function property(component: Component, name: string): string | undefined {
  const found = component.properties.find((candidate) => candidate.name === name);
  if (found && TEXT_PROPERTIES.has(name)) return unescapeText(found.value);
  return found?.value;
}

describe("iCalendar files read back strictly", () => {
  const tricky = {
    ...event,
    uid: "event-7@events.example",
    title: "Ethio-jazz night: ሌሊት የኢትዮጵያ ጃዝ, «soirée», ليلة الجاز; backslash \\ and\r\nbreaks",
    description: `${"A long description that must be folded. ".repeat(8)}\nSecond line\r\nThird\u0007line`,
  };
  const text = toICalendar([tricky, { ...event, uid: "event-8@events.example" }], "DMV Events: Music, near Arlington", {
    refreshInterval: "PT1H",
    description: "Upcoming events; filtered",
  });
  const calendar = parseICalendar(text);

  it("are one VCALENDAR with the properties every client needs", () => {
    expect(calendar.name).toBe("VCALENDAR");
    expect(property(calendar, "VERSION")).toBe("2.0");
    expect(property(calendar, "PRODID")).toBeTruthy();
    expect(property(calendar, "X-WR-CALNAME")).toBe("DMV Events: Music, near Arlington");
    expect(property(calendar, "NAME")).toBe("DMV Events: Music, near Arlington");
    expect(property(calendar, "X-WR-CALDESC")).toBe("Upcoming events; filtered");
  });

  it("tell subscribers how often to fetch them again", () => {
    const refresh = calendar.properties.find((candidate) => candidate.name === "REFRESH-INTERVAL");
    expect(refresh).toEqual({ name: "REFRESH-INTERVAL", params: { VALUE: "DURATION" }, value: "PT1H" });
    expect(property(calendar, "X-PUBLISHED-TTL")).toBe("PT1H");
    const plain = parseICalendar(toICalendar([event], "One", { refreshInterval: "every hour" }));
    expect(plain.properties.map((candidate) => candidate.name)).not.toContain("REFRESH-INTERVAL");
  });

  it("give each event its UID, a stamp, UTC times and its text back exactly", () => {
    const [first, second] = calendar.components;
    expect(calendar.components.map((component) => component.name)).toEqual(["VEVENT", "VEVENT"]);
    expect(property(first!, "UID")).toBe("event-7@events.example");
    expect(property(second!, "UID")).toBe("event-8@events.example");
    expect(property(first!, "DTSTAMP")).toBe("20261122T120000Z");
    expect(property(first!, "DTSTART")).toBe("20261205T003000Z");
    expect(property(first!, "DTEND")).toBe("20261205T033000Z");
    expect(property(first!, "SUMMARY")).toBe(
      "Ethio-jazz night: ሌሊት የኢትዮጵያ ጃዝ, «soirée», ليلة الجاز; backslash \\ and\nbreaks",
    );
    expect(property(first!, "DESCRIPTION")).toBe(
      `${"A long description that must be folded. ".repeat(8)}\nSecond line\nThirdline`,
    );
    expect(property(first!, "URL")).toBe("https://example.org/events/1");
    expect(property(first!, "STATUS")).toBe("CONFIRMED");
  });

  it("make the same UID for an event whenever it is written, so a refresh updates instead of duplicating", () => {
    const later = parseICalendar(toICalendar([{ ...tricky, now: new Date("2026-11-23T08:00:00Z") }], "x"));
    expect(property(later.components[0]!, "UID")).toBe("event-7@events.example");
    expect(property(later.components[0]!, "DTSTAMP")).toBe("20261123T080000Z");
  });

  it("mark a cancelled event as cancelled", () => {
    const cancelled = parseICalendar(toICalendar([{ ...event, status: "CANCELLED" }], "x"));
    expect(property(cancelled.components[0]!, "STATUS")).toBe("CANCELLED");
  });

  it("may hold no event at all (a feed whose filter matches nothing)", () => {
    expect(parseICalendar(toICalendar([], "Nothing")).components).toEqual([]);
  });
});
