import { data } from "react-router";
import { normalizeTags, parsePublishAt, type BlogProblem } from "#domain/blog";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readFormWithin } from "#server/http/read-form";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import type { BlogPostDraft } from "#server/services/blog-authoring";
import { renderPostBody } from "#server/services/blog";
import { ADMIN_PAGE_HEADERS } from "./admin.server";

/*
 * The server half of the console's blog forms (/admin/blog/new and /admin/blog/{id}): reading a
 * submission (a cover picture included), turning it into what the services take, and answering a
 * refusal with the values typed and the problems by field, so nothing typed is lost.
 */

/** Room for one cover picture of the largest size accepted, the text fields and multipart framing. */
export const BLOG_FORM_MAX_BYTES = MAX_EVENT_IMAGE_BYTES + 256 * 1024;

/** Which of the page's forms a submission came from: its answer is shown beside that form only. */
export type BlogFormName = "post" | "language" | "publication";

/** What the post form shows again: the text typed (never the file, which browsers cannot refill). */
export interface BlogPostFormValues {
  slug: string;
  originalLanguage: string;
  tags: string;
  coverAlt: string;
  title: string;
  summary: string;
  body: string;
  removeCover: boolean;
}

export interface BlogVersionFormValues {
  language: string;
  title: string;
  summary: string;
  body: string;
}

export interface BlogFormAnswer {
  form: BlogFormName;
  problems: Record<string, BlogProblem | "not_found">;
  values: BlogPostFormValues | BlogVersionFormValues | { publishAt: string } | null;
  preview: string | null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The submission's fields, or a 413/400 answer for a body too large or not a form at all. */
export async function readBlogForm(request: Request): Promise<FormData> {
  const form = await readFormWithin(request, BLOG_FORM_MAX_BYTES);
  if (form === "too_large") {
    throw data(answer("post", { cover: "image_too_large" }), { status: 413, headers: ADMIN_PAGE_HEADERS });
  }
  if (form === null) throw data(answer("post", { body: "invalid" }), { status: 400, headers: ADMIN_PAGE_HEADERS });
  return form;
}

export function postValuesOf(form: FormData): BlogPostFormValues {
  return {
    slug: text(form, "slug"),
    originalLanguage: text(form, "originalLanguage"),
    tags: text(form, "tags"),
    coverAlt: text(form, "coverAlt"),
    title: text(form, "title"),
    summary: text(form, "summary"),
    body: text(form, "body"),
    removeCover: form.get("removeCover") === "on",
  };
}

export function versionValuesOf(form: FormData): BlogVersionFormValues {
  return {
    language: text(form, "language"),
    title: text(form, "title"),
    summary: text(form, "summary"),
    body: text(form, "body"),
  };
}

/** The post form as the services take it, with the cover's bytes when a file was chosen. */
export async function draftOf(form: FormData): Promise<BlogPostDraft> {
  const values = postValuesOf(form);
  const file = form.get("cover");
  return {
    ...values,
    tags: normalizeTags(values.tags),
    cover: file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()) } : null,
  };
}

/** The scheduled moment typed (Washington time), or a refusal naming the field. */
export function publishAtOf(form: FormData): Date {
  const at = parsePublishAt(text(form, "publishAt"));
  if (!at) throw new AppError("invalid", "Not a date", { publishAt: "date_invalid" });
  return at;
}

export function answer(
  form: BlogFormName,
  problems: BlogFormAnswer["problems"],
  values: BlogFormAnswer["values"] = null,
  preview: string | null = null,
): BlogFormAnswer {
  return { form, problems, values, preview };
}

/** A preview of the Markdown typed, as the blog will show it. */
export function previewAnswer(form: BlogFormName, values: BlogFormAnswer["values"], body: string) {
  return data(answer(form, {}, values, renderPostBody(body)), { headers: ADMIN_PAGE_HEADERS });
}

/**
 * A refused submission: the service's problems by field (a 422, or 404 for a post that is gone) with
 * the values typed; anything else is not the form's to answer.
 */
export function refusal(error: unknown, form: BlogFormName, values: BlogFormAnswer["values"]) {
  if (!(error instanceof AppError) || (error.code !== "invalid" && error.code !== "not_found")) throw error;
  const problems = (
    error.code === "not_found" ? { form: "not_found" } : (error.fields ?? {})
  ) as BlogFormAnswer["problems"];
  return data(answer(form, problems, values), { status: formPageStatusOf(error), headers: ADMIN_PAGE_HEADERS });
}
