-- Views and reach become nullable: null is a figure the platform does not give us (a Facebook Page
-- that declined read_insights, LinkedIn without r_member_postAnalytics, X's reach), never 0.
ALTER TABLE "metric_snapshots" ALTER COLUMN "views" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "reach" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "target_metrics" ALTER COLUMN "views" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "target_metrics" ALTER COLUMN "reach" DROP NOT NULL;