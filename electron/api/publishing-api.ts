import type {
  AnalyticsResponse,
  Brand,
  DeleteGroupResponse,
  MediaObject,
  MeResponse,
  PostCreateRequest,
  PostCreateResultItem,
  PostDetail,
  PostListItem,
  RescheduleResponse,
} from '../../shared/api/resources.js';

/** Progress of a streamed upload, in bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadFileInput {
  /** Absolute path on disk; the client streams it, never reading it whole. */
  path: string;
  /** Name sent with the file; defaults to the path's base name. */
  name?: string;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The Social Publishing API as the main process uses it: one typed method per endpoint, answers
 * parsed with shared/api (tolerantly where the spec leaves shapes open: lists as bare arrays or
 * wrapped, unknown fields kept). Every failure is an `ApiError`. Implemented by `ApiClient`;
 * the outbox and sync engine depend on this interface only.
 */
export interface PublishingApi {
  readonly baseUrl: string;
  readonly brandId: string | null;
  getMe(): Promise<MeResponse>;
  listBrands(): Promise<Brand[]>;
  getBrand(id: string): Promise<Brand>;
  uploadMedia(input: UploadFileInput): Promise<MediaObject>;
  uploadMediaFromUrl(url: string, signal?: AbortSignal): Promise<MediaObject>;
  /** Sends once; never retried blindly (see `createPostsSafely` for the ambiguous-failure check). */
  createPosts(body: PostCreateRequest): Promise<PostCreateResultItem[]>;
  /**
   * `once`: not retried here. The outbox's lookups retry as a whole, each in its own wait, so a
   * fault does not hold one of its few request slots through this call's backoff.
   */
  listPosts(startDate: string, endDate: string, options?: { once?: boolean }): Promise<PostListItem[]>;
  /**
   * GET /posts with the answer's bytes handed to `take` unread (a pull reads them in its worker
   * thread). `take` throws AnswerRefused for a body that is not a post list; an unreadable one is
   * asked again like any answer cut short, with the same retries and faults as listPosts.
   */
  listPostsTaken<T>(startDate: string, endDate: string, take: (body: ArrayBuffer) => Promise<T>): Promise<T>;
  getPost(id: string): Promise<PostDetail>;
  /** Sends PUT /posts/:id/date now (the IPC method reschedulePost only queues it in the outbox). */
  sendReschedule(id: string, date: string): Promise<RescheduleResponse>;
  deleteGroup(group: string): Promise<DeleteGroupResponse>;
  /** `signal` cancels the request and its retries (a snapshot stopping with the app). */
  getProfileAnalytics(integrationId: string, signal?: AbortSignal): Promise<AnalyticsResponse>;
}
