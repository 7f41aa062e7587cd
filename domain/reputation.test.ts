import { describe, expect, it } from "vitest";
import { reputationLevel } from "./reputation";

describe("organizer reputation level", () => {
  it("rises from bronze through silver and gold to elite at 90", () => {
    expect([0, 39, 40, 69, 70, 89, 90, 100].map(reputationLevel)).toEqual([
      "bronze",
      "bronze",
      "silver",
      "silver",
      "gold",
      "gold",
      "elite",
      "elite",
    ]);
  });
});
