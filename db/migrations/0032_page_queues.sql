CREATE TABLE "page_queues" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"time_zone" text,
	"paused" boolean DEFAULT false NOT NULL,
	"custom_slots" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_slots" (
	"page_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"minute" smallint NOT NULL,
	CONSTRAINT "queue_slots_page_id_weekday_minute_pk" PRIMARY KEY("page_id","weekday","minute"),
	CONSTRAINT "queue_slots_weekday_check" CHECK ("queue_slots"."weekday" between 0 and 6),
	CONSTRAINT "queue_slots_minute_check" CHECK ("queue_slots"."minute" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "queue_page_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "queue_held_slot" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_queues" ADD CONSTRAINT "page_queues_page_id_social_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."social_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_queues" ADD CONSTRAINT "page_queues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slots" ADD CONSTRAINT "queue_slots_page_id_page_queues_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page_queues"("page_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_queue_page_id_social_pages_id_fk" FOREIGN KEY ("queue_page_id") REFERENCES "public"."social_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_queue_page_idx" ON "posts" USING btree ("queue_page_id") WHERE "posts"."queue_page_id" is not null;