import { siFacebook, siGoogle, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";
import type { BrandGlyph } from "@/components/ui/brand-icon";
import type { SocialPlatform } from "@/lib/networks/platforms";

/**
 * LinkedIn's "in" mark. simple-icons dropped LinkedIn in v14.0.0 for legal reasons
 * (simple-icons/simple-icons#11372, #11380), so this is the 24×24 "in" glyph LinkedIn itself
 * serves on linkedin.com (its "mercado" icon set), which LinkedIn's brand guidelines allow for
 * linking to and naming LinkedIn.
 */
const linkedin: BrandGlyph = {
  title: "LinkedIn",
  path: "M20.5 2h-17A1.5 1.5 0 0 0 2 3.5v17A1.5 1.5 0 0 0 3.5 22h17a1.5 1.5 0 0 0 1.5-1.5v-17A1.5 1.5 0 0 0 20.5 2zM8 19H5v-9h3zM6.5 8.25A1.75 1.75 0 1 1 8.3 6.5a1.78 1.78 0 0 1-1.8 1.75zM19 19h-3v-4.74c0-1.42-.6-1.93-1.38-1.93A1.74 1.74 0 0 0 13 14.19a.66.66 0 0 0 0 .14V19h-3v-9h2.9v1.3a3.11 3.11 0 0 1 2.7-1.4c1.55 0 3.36.86 3.36 3.66z",
};

/** Each network's logo (simple-icons, CC0; X for Twitter since its 2023 rebrand). */
export const platformGlyphs: Record<SocialPlatform, BrandGlyph> = {
  facebook: siFacebook,
  twitter: siX,
  linkedin,
  instagram: siInstagram,
  tiktok: siTiktok,
  youtube: siYoutube,
};

export const googleGlyph: BrandGlyph = siGoogle;
export const facebookGlyph: BrandGlyph = siFacebook;
