CREATE TABLE "review_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"site_name" text,
	"rating" integer,
	"message" text,
	"owner_alert" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_events_kind_check" CHECK ("review_events"."kind" in ('visit', 'click', 'feedback')),
	CONSTRAINT "review_events_rating_check" CHECK ("review_events"."rating" is null or "review_events"."rating" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "deliveries_campaign_address_key";--> statement-breakpoint
DROP INDEX "deliveries_contact_campaign_key";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_sites" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_request_cap_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "follow_up_after_days" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "follow_up_subject" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "follow_up_body" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "follow_up_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "review_token" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_events_delivery_idx" ON "review_events" USING btree ("delivery_id","kind");--> statement-breakpoint
CREATE INDEX "review_events_campaign_idx" ON "review_events" USING btree ("campaign_id","kind");--> statement-breakpoint
CREATE INDEX "review_events_business_created_idx" ON "review_events" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_review_token_key" ON "deliveries" USING btree ("review_token");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_campaign_address_key" ON "deliveries" USING btree ("campaign_id","follow_up","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_contact_campaign_key" ON "deliveries" USING btree ("contact_id","campaign_id","follow_up");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_follow_up_check" CHECK (("campaigns"."follow_up_after_days" is null) = ("campaigns"."follow_up_body" is null));;--> statement-breakpoint
-- The single review link becomes the business's first review site, named after its host where known.
UPDATE "businesses" SET "review_sites" = jsonb_build_array(jsonb_build_object(
	'name', CASE
		WHEN "review_link" ~* '^https?://([^/]*\.)?(google\.[^/]+|g\.page|goo\.gl)(/|$)' THEN 'Google'
		WHEN "review_link" ~* '^https?://([^/]*\.)?facebook\.com(/|$)' THEN 'Facebook'
		WHEN "review_link" ~* '^https?://([^/]*\.)?yelp\.[^/]+(/|$)' THEN 'Yelp'
		WHEN "review_link" ~* '^https?://([^/]*\.)?tripadvisor\.[^/]+(/|$)' THEN 'Tripadvisor'
		WHEN "review_link" ~* '^https?://([^/]*\.)?trustpilot\.[^/]+(/|$)' THEN 'Trustpilot'
		ELSE 'Reviews' END,
	'url', "review_link"))
WHERE "review_link" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" DROP COLUMN "review_link";
