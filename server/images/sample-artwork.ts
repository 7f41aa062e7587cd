/**
 * Decorative SVG artwork for sample data: event cards, avatars and sponsor logos.
 *
 * Pure and deterministic (same inputs, same string) so the rendered files can be cached forever
 * and regenerated on any machine without a network. The SVGs are deliberately cheap for librsvg:
 * flat fills, at most two gradients, no filters (blur is very slow there) and about 25 shapes.
 * The SVGs carry a viewBox but no width/height, so the renderer can choose the pixel size.
 */
// One module per family of pictures in sample-artwork/; this file is what the rest of the code imports.
export { avatarSvg, avatarSvgForInitials, nameInitials } from "./sample-artwork/avatars";
export { escapeXml } from "./sample-artwork/drawing";
export { eventArtworkSvg } from "./sample-artwork/event-artwork";
export { emWidth, sponsorLogoSvg } from "./sample-artwork/sponsor-logos";
