import { describe, expect, it } from "vitest";
import { escapeText, foldLine, sequenceOf, toICalendar } from "./icalendar";

const event = {
  uid: "event-1@dmv-events",
  title: "Jazz, Wine; and\nFriends",
  description: "Bring a friend.",
  startsAt: new Date("2026-12-05T00:30:00Z"),
  endsAt: new Date("2026-12-05T03:30:00Z"),
  location: "The Anthem, 901 Wharf St SW, Washington, DC 20024",
  url: "https://example.org/events/1",
  timeZone: "America/New_York",
  lastModified: new Date("2026-11-20T09:15:00Z"),
  sequence: 3,
  now: new Date("2026-11-22T12:00:00Z"),
};

describe("iCalendar files", () => {
  it("describe the event on its zone's clocks, with escaped text and CRLF line ends", () => {
    const text = toICalendar([event], "DMV Events");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text).toContain("DTSTART;TZID=America/New_York:20261204T193000\r\n");
    expect(text).toContain("DTEND;TZID=America/New_York:20261204T223000\r\n");
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

  it("give each event its UID, a stamp, local times in its zone and its text back exactly", () => {
    const [first, second] = calendar.components.filter((component) => component.name === "VEVENT");
    expect(calendar.components.map((component) => component.name)).toEqual(["VTIMEZONE", "VEVENT", "VEVENT"]);
    expect(property(first!, "UID")).toBe("event-7@events.example");
    expect(property(second!, "UID")).toBe("event-8@events.example");
    expect(property(first!, "DTSTAMP")).toBe("20261122T120000Z");
    expect(property(first!, "DTSTART")).toBe("20261204T193000");
    expect(property(first!, "DTEND")).toBe("20261204T223000");
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
    expect(property(later.components[1]!, "UID")).toBe("event-7@events.example");
    expect(property(later.components[1]!, "DTSTAMP")).toBe("20261123T080000Z");
  });

  it("mark a cancelled event as cancelled", () => {
    const cancelled = parseICalendar(toICalendar([{ ...event, status: "CANCELLED" }], "x"));
    expect(property(cancelled.components[1]!, "STATUS")).toBe("CANCELLED");
  });

  it("may hold no event at all (a feed whose filter matches nothing)", () => {
    expect(parseICalendar(toICalendar([], "Nothing")).components).toEqual([]);
  });
});

/** Minutes east of UTC of an iCalendar UTC-OFFSET such as "-0500". */
function offsetMinutes(value: string): number {
  expect(value).toMatch(/^[+-]\d{4}$/);
  return (value.startsWith("-") ? -1 : 1) * (Number(value.slice(1, 3)) * 60 + Number(value.slice(3, 5)));
}

/** A local DATE-TIME ("20261204T193000") read as if it were UTC, in milliseconds. */
function localMs(value: string): number {
  expect(value).toMatch(/^\d{8}T\d{6}$/);
  const digits = (from: number, to: number) => Number(value.slice(from, to));
  return Date.UTC(digits(0, 4), digits(4, 6) - 1, digits(6, 8), digits(9, 11), digits(11, 13), digits(13, 15));
}

/**
 * The instant a DATE-TIME with TZID means, read as a client does from the file's own VTIMEZONE: the
 * observance in force is the last one whose onset is not after it (RFC 5545 §3.6.5).
 */
function instantOf(calendar: Component, timeZone: string, local: string): Date {
  const zone = calendar.components.find(
    (component) => component.name === "VTIMEZONE" && property(component, "TZID") === timeZone,
  );
  if (!zone) throw new Error(`No VTIMEZONE for ${timeZone}`);
  const observances = zone.components.map((observance) => {
    expect(["STANDARD", "DAYLIGHT"]).toContain(observance.name);
    const from = offsetMinutes(property(observance, "TZOFFSETFROM")!);
    const to = offsetMinutes(property(observance, "TZOFFSETTO")!);
    return { onset: localMs(property(observance, "DTSTART")!) - from * 60_000, to, name: observance.name, from };
  });
  for (let index = 1; index < observances.length; index += 1) {
    expect(observances[index]!.onset).toBeGreaterThan(observances[index - 1]!.onset);
    // Each change starts from the offset the one before it left.
    expect(observances[index]!.from).toBe(observances[index - 1]!.to);
  }
  const wanted = localMs(local);
  const inForce = observances.filter((observance, index) => {
    const instant = wanted - observance.to * 60_000;
    const next = observances[index + 1];
    return instant >= observance.onset && (!next || instant < next.onset);
  });
  if (inForce.length === 0) throw new Error(`${local} is not covered by the VTIMEZONE of ${timeZone}`);
  return new Date(wanted - inForce[0]!.to * 60_000);
}

describe("iCalendar times in the event's zone", () => {
  const winter = { ...event, uid: "winter@x" };
  const summer = {
    ...event,
    uid: "summer@x",
    startsAt: new Date("2027-07-04T23:00:00Z"),
    endsAt: new Date("2027-07-05T02:00:00Z"),
  };
  // The Sunday daylight saving time starts in Washington: 3 AM there is 07:00 UTC.
  const springForward = {
    ...event,
    uid: "spring@x",
    startsAt: new Date("2027-03-14T07:00:00Z"),
    endsAt: new Date("2027-03-14T09:00:00Z"),
  };
  const addis = {
    ...event,
    uid: "addis@x",
    timeZone: "Africa/Addis_Ababa",
    startsAt: new Date("2026-12-05T16:00:00Z"),
    endsAt: new Date("2026-12-05T19:00:00Z"),
  };
  const calendar = parseICalendar(toICalendar([winter, summer, springForward, addis], "Zones"));
  const events = calendar.components.filter((component) => component.name === "VEVENT");

  it("write each time with its zone's TZID and describe each zone once", () => {
    const zones = calendar.components.filter((component) => component.name === "VTIMEZONE");
    expect(zones.map((zone) => property(zone, "TZID"))).toEqual(["America/New_York", "Africa/Addis_Ababa"]);
    for (const component of events) {
      for (const name of ["DTSTART", "DTEND"]) {
        const found = component.properties.find((candidate) => candidate.name === name)!;
        expect(Object.keys(found.params)).toEqual(["TZID"]);
        expect(found.value).toMatch(/^\d{8}T\d{6}$/);
      }
    }
    expect(property(events[0]!, "DTSTART")).toBe("20261204T193000");
    expect(property(events[1]!, "DTSTART")).toBe("20270704T190000");
    expect(property(events[2]!, "DTSTART")).toBe("20270314T030000");
    expect(property(events[3]!, "DTSTART")).toBe("20261205T190000");
  });

  it("describe zones with the daylight saving changes around the events, so each time means its exact instant", () => {
    for (const [component, source] of events.map(
      (component, index) => [component, [winter, summer, springForward, addis][index]!] as const,
    )) {
      const zoneOf = (name: string) => component.properties.find((candidate) => candidate.name === name)!.params.TZID!;
      expect(instantOf(calendar, zoneOf("DTSTART"), property(component, "DTSTART")!)).toEqual(source.startsAt);
      expect(instantOf(calendar, zoneOf("DTEND"), property(component, "DTEND")!)).toEqual(source.endsAt);
    }
    const washington = calendar.components.find((component) => property(component, "TZID") === "America/New_York")!;
    const daylight = washington.components.filter((observance) => observance.name === "DAYLIGHT");
    expect(daylight.length).toBeGreaterThan(0);
    expect(daylight.map((observance) => property(observance, "DTSTART"))).toContain("20270314T020000");
    for (const observance of daylight) {
      expect(property(observance, "TZOFFSETFROM")).toBe("-0500");
      expect(property(observance, "TZOFFSETTO")).toBe("-0400");
      expect(property(observance, "TZNAME")).toBe("EDT");
    }
    const addisZone = calendar.components.find((component) => property(component, "TZID") === "Africa/Addis_Ababa")!;
    expect(addisZone.components.map((observance) => observance.name)).toEqual(["STANDARD"]);
    expect(property(addisZone.components[0]!, "TZOFFSETTO")).toBe("+0300");
  });

  it("say when each event last changed and how many times, so a changed event replaces the old copy", () => {
    expect(property(events[0]!, "LAST-MODIFIED")).toBe("20261120T091500Z");
    expect(property(events[0]!, "SEQUENCE")).toBe("3");
    const created = new Date("2026-10-01T12:00:00Z");
    expect(sequenceOf(created, created)).toBe(0);
    const once = sequenceOf(created, new Date("2026-10-01T12:05:00Z"));
    const twice = sequenceOf(created, new Date("2026-10-02T08:00:00Z"));
    expect(once).toBeGreaterThan(0);
    expect(twice).toBeGreaterThan(once);
    expect(sequenceOf(created, new Date("2100-01-01T00:00:00Z"))).toBeLessThanOrEqual(2_147_483_647);
  });
});
