/** Zigbee's brightness scale (0–254) against Hearth's percent. Colour maths is in `src/home/color.ts`. */
export const percentToZigbee = (p: number) => Math.round((p * 254) / 100);
export const zigbeeToPercent = (b: number) => Math.round((b * 100) / 254);
