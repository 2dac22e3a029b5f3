import sharp from 'sharp';
import type { FacilityLogoType } from '../../db/schema';

/** How tall the logo is drawn from an SVG: 26 pt on a tag at up to 8× (a 600 dpi printer), plenty. */
const SVG_RASTER_HEIGHT = 208;

/**
 * The facility's logo as pdfkit can embed it: PNG and JPEG as stored; an SVG drawn to a PNG by sharp
 * (librsvg). The SVG was checked at upload (no scripts, nothing loaded from elsewhere), and from a
 * buffer librsvg has no base folder to read files from. A drawing librsvg cannot render is left off
 * the tag rather than failing the print: a tag without the logo is still a tag.
 */
export async function printableLogo(logo: Buffer | null, type: FacilityLogoType | null): Promise<Buffer | null> {
  if (!logo || !type) return null;
  if (type !== 'image/svg+xml') return logo;
  try {
    return await sharp(logo, { density: 300, failOn: 'error' })
      .resize({ height: SVG_RASTER_HEIGHT, fit: 'inside', withoutEnlargement: false })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
