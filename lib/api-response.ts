/**
 * The shape of every answer of our API, shared by route handlers and lib/client. Success:
 * `{ success: true, …fields }`; new endpoints put their payload in `data` (the spec's shape for
 * analytics, subscription and account lists), older ones keep the names the spec gives them
 * (`post`, `posts`). Errors: `{ success: false, error: "<sentence>", code: "<snake_case>" }`.
 */

export type ApiSuccess<T extends object> = { success: true } & T;

export type DataResponse<T> = ApiSuccess<{ data: T; message?: string }>;

export interface ApiErrorBody {
  success: false;
  error: string;
  code: string;
  requestId?: string;
}
