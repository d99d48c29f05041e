CREATE TABLE "review_link_posts" (
	"link_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "review_link_posts_link_id_post_id_pk" PRIMARY KEY("link_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"recipient_name" text,
	"recipient_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "author_label" text;--> statement-breakpoint
ALTER TABLE "post_approvals" ADD COLUMN "review_link_id" uuid;--> statement-breakpoint
ALTER TABLE "review_link_posts" ADD CONSTRAINT "review_link_posts_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_link_posts" ADD CONSTRAINT "review_link_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_link_posts_post_idx" ON "review_link_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "review_links_workspace_created_idx" ON "review_links" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "post_approvals" ADD CONSTRAINT "post_approvals_review_link_id_review_links_id_fk" FOREIGN KEY ("review_link_id") REFERENCES "public"."review_links"("id") ON DELETE set null ON UPDATE no action;