import { Suspense } from "react";
import { PageSpinner } from "@/components/layout/page-spinner";
import { PostEditor } from "@/components/post-editor/post-editor";

export const metadata = { title: "Create Post" };

export default function CreatePostPage() {
  return (
    <Suspense fallback={<PageSpinner label="Loading editor" />}>
      <PostEditor />
    </Suspense>
  );
}
