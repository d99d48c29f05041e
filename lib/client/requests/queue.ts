import { http, type HttpClient } from "@/lib/client/http";
import type { DataResponse } from "@/lib/api-response";
import type { PostDto } from "@/lib/posts/schemas";
import type {
  MoveQueuePostInput,
  PageQueueDto,
  PageQueueViewDto,
  QueuedPostPlacement,
  UpdateQueueInput,
} from "@/lib/queue/schemas";

/** The browser's calls to the queue API (docs/decisions/0065-queue.md). */

const queuePath = (pageId: string) => `/queue/${encodeURIComponent(pageId)}`;

/** GET /api/queue?days: every connected page's queue, its upcoming slots and posts, and what it holds while paused. */
export async function listQueues(days: number, client: HttpClient = http): Promise<PageQueueViewDto[]> {
  return (await client.get<DataResponse<{ queues: PageQueueViewDto[] }>>("/queue", { query: { days } })).data.queues;
}

/** PUT /api/queue/{pageId}: any of slots, time zone (null: the workspace's) and paused. */
export async function updateQueue(pageId: string, input: UpdateQueueInput, client: HttpClient = http) {
  return (await client.put<DataResponse<{ queue: PageQueueDto; message: string }>>(queuePath(pageId), input)).data;
}

/** POST /api/queue/{pageId}/move: the post goes to the slot at `to`, swapping with a queued post there. */
export async function moveQueuePost(pageId: string, input: MoveQueuePostInput, client: HttpClient = http) {
  return (await client.post<DataResponse<{ message: string }>>(`${queuePath(pageId)}/move`, input)).data;
}

/**
 * POST /api/post/{id}/queue: the draft goes to the next free slot of each of its pages (the original
 * keeps the first page; copies are made for the others).
 */
export async function addPostToQueue(postId: string, client: HttpClient = http) {
  return (
    await client.post<DataResponse<{ posts: PostDto[]; placements: QueuedPostPlacement[]; message: string }>>(
      `/post/${encodeURIComponent(postId)}/queue`,
      {},
    )
  ).data;
}
