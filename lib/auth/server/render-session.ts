import { cache } from "react";
import { getSessionUser } from "./session";

/**
 * getSessionUser, asked once per server render: the root layout (which tells the browser whether
 * to ask /api/auth/me at all), a route group's layout and the 404 page share the answer.
 */
export const getRenderSessionUser = cache(getSessionUser);
