import { describe, expect, it } from "vitest";
import { interestFormSchema, interestInputSchema } from "./interest-schema";

describe("interest inputs", () => {
  it("take one of the 24 interests by key", () => {
    expect(interestInputSchema.parse({ interest: "food-drink" })).toEqual({ interest: "food-drink" });
    expect(interestInputSchema.safeParse({ interest: "Food & Drink" }).success).toBe(false);
    expect(interestInputSchema.safeParse({ interest: "opera" }).success).toBe(false);
    expect(interestInputSchema.safeParse({}).success).toBe(false);
  });

  it("refuse fields they do not know, so a typo is not silently ignored", () => {
    expect(interestInputSchema.safeParse({ interest: "music", user_id: "someone-else" }).success).toBe(false);
  });

  it("say in the form whether the click saves or removes", () => {
    expect(interestFormSchema.parse({ intent: "remove", interest: "music" })).toEqual({
      intent: "remove",
      interest: "music",
    });
    expect(interestFormSchema.safeParse({ intent: "toggle", interest: "music" }).success).toBe(false);
  });
});
