CREATE TABLE "post_counts" (
	"user_id" text NOT NULL,
	"status" "post_status" NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
ALTER TABLE "post_counts" ADD CONSTRAINT "post_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;