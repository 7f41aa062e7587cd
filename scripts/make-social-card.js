// Draws public/social-card.png, the picture link previews show for pages without one of their own
// (Open Graph og:image, 1200 × 630). Run by hand after changing the drawing: `node scripts/make-social-card.js`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PROJECT_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OUTPUT = path.join(PROJECT_ROOT, "public/social-card.png");

// The favicon's ticket, large, and the site's name and promise in the brand's purple (app.css --primary).
const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6d28d9"/>
      <stop offset="1" stop-color="#2e1065"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="1080" cy="90" r="220" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="1130" cy="560" r="160" fill="#ffffff" fill-opacity="0.05"/>
  <g transform="translate(96 120) scale(7)">
    <rect width="32" height="32" rx="8" fill="#ffffff" fill-opacity="0.14"/>
    <path d="M9 11h14v3a2 2 0 0 0 0 4v3H9v-3a2 2 0 0 0 0-4z" fill="#ffffff"/>
  </g>
  <text x="96" y="440" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="104" fill="#ffffff">DMV Events</text>
  <text x="100" y="510" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="38" fill="#ede9fe">Concerts, festivals, talks and meetups in</text>
  <text x="100" y="560" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="38" fill="#ede9fe">Washington DC, Maryland and Virginia</text>
</svg>`;

await sharp(Buffer.from(drawing)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(OUTPUT);
console.log(`Wrote ${path.relative(PROJECT_ROOT, OUTPUT)}`);
