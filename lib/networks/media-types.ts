/** The file types networks accept, MIME type → the name their messages use. */
export const JPEG = { "image/jpeg": "JPEG" };
export const PNG = { "image/png": "PNG" };
export const GIF = { "image/gif": "GIF" };
export const WEBP = { "image/webp": "WebP" };
export const MP4 = { "video/mp4": "MP4" };
export const MOV = { "video/quicktime": "MOV" };
export const AVI = { "video/x-msvideo": "AVI" };
export const WEBM = { "video/webm": "WebM" };
