import type { CategoryKey } from "#domain/catalog";
import type { Motif, Palette } from "./drawing";
import { arts, family, fashion, foodDrink, music, party, sports } from "./motifs-culture";
import {
  business,
  charity,
  community,
  conference,
  education,
  networking,
  technology,
  wellness,
} from "./motifs-gatherings";

// Each category's palette and motif, and how its pictures may be framed and flipped.

/**
 * focus is where the motif's main subject sits, which a close-up frames (elsewhere it could show only sky).
 * mirror: false marks motifs with a reading direction (a rising chart, bar charts, music notation)
 * that would look wrong flipped; they are never flipped.
 */
export const ARTWORK: Record<
  CategoryKey,
  { palette: Palette; motif: Motif; focus: readonly [number, number]; mirror?: false }
> = {
  music: {
    palette: {
      from: "#1c1446",
      to: "#4f2a8f",
      a: "#ff6b8b",
      b: "#ffc46b",
      c: "#8fd3ff",
      light: "#f5e9ff",
      ink: "#100b2b",
    },
    motif: music,
    focus: [1100, 440],
    mirror: false,
  },
  arts: {
    palette: {
      from: "#f8ebdc",
      to: "#f1c6a6",
      a: "#e4572e",
      b: "#2a7f8e",
      c: "#f3b61f",
      light: "#fffaf3",
      ink: "#2d2a32",
    },
    motif: arts,
    focus: [1000, 470],
  },
  business: {
    palette: {
      from: "#0d213d",
      to: "#1f4e79",
      a: "#f2b84b",
      b: "#4fa3d1",
      c: "#9cc9e6",
      light: "#dce9f5",
      ink: "#081629",
    },
    motif: business,
    focus: [820, 600],
    mirror: false,
  },
  conference: {
    palette: {
      from: "#161430",
      to: "#3b2466",
      a: "#ffc978",
      b: "#7d6bff",
      c: "#ff8fab",
      light: "#fff2d6",
      ink: "#1d1838",
    },
    motif: conference,
    focus: [850, 470],
    mirror: false,
  },
  party: {
    palette: {
      from: "#3a0b48",
      to: "#b8195e",
      a: "#ffd54f",
      b: "#4dd0e1",
      c: "#ff8a65",
      light: "#fff3f8",
      ink: "#22062b",
    },
    motif: party,
    focus: [560, 480],
  },
  "food-drink": {
    palette: {
      from: "#fbf0df",
      to: "#efd3aa",
      a: "#d64933",
      b: "#4f7942",
      c: "#f2a541",
      light: "#ffffff",
      ink: "#3b2f2f",
    },
    motif: foodDrink,
    focus: [760, 430],
  },
  sports: {
    palette: {
      from: "#14613a",
      to: "#23914f",
      a: "#f7a531",
      b: "#ffffff",
      c: "#d7f5e1",
      light: "#ffffff",
      ink: "#0b2e1c",
    },
    motif: sports,
    focus: [1000, 450],
  },
  networking: {
    palette: {
      from: "#0a3644",
      to: "#127584",
      a: "#ffc857",
      b: "#ff7f6e",
      c: "#9ee6e9",
      light: "#e0fbfc",
      ink: "#0a3644",
    },
    motif: networking,
    focus: [800, 450],
  },
  education: {
    palette: {
      from: "#1b3354",
      to: "#2f5f8f",
      a: "#f4a261",
      b: "#e9c46a",
      c: "#a8dadc",
      light: "#f6fbf7",
      ink: "#0f1f33",
    },
    motif: education,
    focus: [900, 430],
  },
  wellness: {
    palette: {
      from: "#eef5ea",
      to: "#c6dcbf",
      a: "#5e8c61",
      b: "#f2b5a0",
      c: "#8fb98b",
      light: "#ffffff",
      ink: "#3d5a45",
    },
    motif: wellness,
    focus: [900, 560],
  },
  technology: {
    palette: {
      from: "#081226",
      to: "#0f2f57",
      a: "#35d0ff",
      b: "#7cf0c5",
      c: "#5b8cff",
      light: "#cfe8ff",
      ink: "#0c1c36",
    },
    motif: technology,
    focus: [810, 440],
  },
  community: {
    palette: {
      from: "#fde7b0",
      to: "#f5a962",
      a: "#3d5a80",
      b: "#e76f51",
      c: "#98c1d9",
      light: "#fff8ec",
      ink: "#293241",
    },
    motif: community,
    focus: [720, 640],
  },
  charity: {
    palette: {
      from: "#6e1a3a",
      to: "#c9485f",
      a: "#ffb4a2",
      b: "#ffcdb2",
      c: "#ff8fa3",
      light: "#ffe5ec",
      ink: "#3d0d20",
    },
    motif: charity,
    focus: [1040, 520],
  },
  family: {
    palette: {
      from: "#8fcbef",
      to: "#e6f5fd",
      a: "#fb8500",
      b: "#ffb703",
      c: "#e63946",
      light: "#ffffff",
      ink: "#219ebc",
    },
    motif: family,
    focus: [1050, 420],
  },
  fashion: {
    palette: {
      from: "#f7e1dc",
      to: "#e8b9c1",
      a: "#b5838d",
      b: "#c9a96e",
      c: "#6d6875",
      light: "#fff7f3",
      ink: "#2e2a4f",
    },
    motif: fashion,
    focus: [640, 470],
  },
};
