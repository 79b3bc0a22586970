import { z } from 'zod';
import type { Scope } from './scopes.js';
import * as R from './resources.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint of the spec: the single description the server, the client and the docs share. */
export interface EndpointDef {
  method: HttpMethod;
  /** Relative to `{base_url}` (which ends in /v1), with `:param` segments. */
  path: string;
  scope: Scope;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** JSON body schema; multipart endpoints leave it out and set `multipart`. */
  body?: z.ZodType;
  multipart?: boolean;
  response: z.ZodType;
  /**
   * 'optional': without x-brand-id the key's default brand is used. Only the account-context
   * endpoints allow it, since a new client learns its Brand ID from them (spec: "by calling GET /me").
   */
  brandHeader?: 'optional';
  /** Status of a successful answer. */
  status: 200 | 201;
}

const IdParam = z.object({ id: z.string().min(1) });
const GroupParam = z.object({ group: z.string().min(1) });

export const endpoints = {
  getMe: {
    method: 'GET',
    path: '/me',
    scope: 'brands:read',
    summary: 'Account context: organization, brand and user for this key and x-brand-id.',
    brandHeader: 'optional',
    response: R.MeResponse,
    status: 200,
  },
  listBrands: {
    method: 'GET',
    path: '/brands',
    scope: 'brands:read',
    summary: "Every brand in the key's organization.",
    brandHeader: 'optional',
    response: R.BrandList,
    status: 200,
  },
  getBrand: {
    method: 'GET',
    path: '/brands/:id',
    scope: 'brands:read',
    summary: 'One brand.',
    params: IdParam,
    response: R.Brand,
    status: 200,
  },
  uploadMedia: {
    method: 'POST',
    path: '/media/upload',
    scope: 'media:write',
    summary: 'Upload a file (multipart field `file`). 402 when the storage limit is exceeded.',
    multipart: true,
    response: R.MediaObject,
    status: 200,
  },
  uploadMediaFromUrl: {
    method: 'POST',
    path: '/media/upload-from-url',
    scope: 'media:write',
    summary: 'Download a public URL and store it as media.',
    body: R.UploadFromUrlRequest,
    response: R.MediaObject,
    status: 200,
  },
  createPosts: {
    method: 'POST',
    path: '/posts',
    scope: 'posts:write',
    summary: 'Create a draft, schedule, or publish now, for one or more connected accounts.',
    body: R.PostCreateRequest,
    response: R.PostCreateResponse,
    status: 200,
  },
  listPosts: {
    method: 'GET',
    path: '/posts',
    scope: 'posts:read',
    summary: 'Posts whose publish date lies between startDate and endDate (both required).',
    query: R.PostListQuery,
    response: R.PostListResponse,
    status: 200,
  },
  getPost: {
    method: 'GET',
    path: '/posts/:id',
    scope: 'posts:read',
    summary: 'One post with its blocks, media, settings and group.',
    params: IdParam,
    response: R.PostDetail,
    status: 200,
  },
  reschedulePost: {
    method: 'PUT',
    path: '/posts/:id/date',
    scope: 'posts:write',
    summary: 'Move a post to a new time.',
    params: IdParam,
    body: R.RescheduleRequest,
    response: R.RescheduleResponse,
    status: 200,
  },
  deleteGroup: {
    method: 'DELETE',
    path: '/posts/:group',
    scope: 'posts:write',
    summary: 'Delete every platform copy created by one create call.',
    params: GroupParam,
    response: R.DeleteGroupResponse,
    status: 200,
  },
  getProfileAnalytics: {
    method: 'GET',
    path: '/analytics/insights/profile',
    scope: 'analytics:read',
    summary: 'Profile metrics and recent posts with per-post metrics for one connected account.',
    query: R.AnalyticsQuery,
    response: R.AnalyticsResponse,
    status: 200,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;
