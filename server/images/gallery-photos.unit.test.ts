import { describe, expect, it } from "vitest";
import { GALLERY_WIDTHS } from "#domain/gallery";
import { GALLERY_PHOTO_WIDTHS } from "./gallery-photos";

describe("gallery photo sizes", () => {
  it("are the ones the pages ask for: a 480 px thumbnail and a 1600 px large photo", () => {
    expect([GALLERY_WIDTHS.thumbnail, GALLERY_WIDTHS.large]).toEqual([...GALLERY_PHOTO_WIDTHS]);
  });
});
