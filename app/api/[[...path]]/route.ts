// ANY /api/{unknown path} — the JSON 404 of the error shape, not the HTML page
import { withPublic } from "@/lib/server/api/route";
import { notFound } from "@/lib/server/api/errors";
import { otherMethods } from "@/lib/server/api/methods";

// Every more specific route under app/api wins over this catch-all; only paths nothing else
// matches arrive here.
const unknownPath = withPublic(async () => {
  throw notFound("There is no API endpoint at this address.");
});

export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;

export const { OPTIONS } = otherMethods({ GET, POST, PUT, PATCH, DELETE });
