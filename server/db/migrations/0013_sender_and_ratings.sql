ALTER TABLE "review_events" DROP CONSTRAINT "review_events_kind_check";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_kind_check" CHECK ("review_events"."kind" in ('visit', 'click', 'feedback', 'rating'));