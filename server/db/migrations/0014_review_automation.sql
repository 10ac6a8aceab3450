CREATE TABLE "review_automations" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"delay_minutes" integer DEFAULT 120 NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"message_body" text NOT NULL,
	"reminder_after_days" integer,
	"reminder_subject" text,
	"reminder_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_automations_channel_check" CHECK ("review_automations"."channel" in ('SMS_FIRST', 'EMAIL_FIRST', 'SMS', 'EMAIL')),
	CONSTRAINT "review_automations_delay_check" CHECK ("review_automations"."delay_minutes" between 1 and 43200),
	CONSTRAINT "review_automations_reminder_check" CHECK (("review_automations"."reminder_after_days" is null) = ("review_automations"."reminder_body" is null))
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"contact_id" integer,
	"visited_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"due_at" timestamp with time zone,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_source_check" CHECK ("visits"."source" in ('check-in', 'api', 'square', 'stripe', 'shopify', 'check-in-page')),
	CONSTRAINT "visits_outcome_check" CHECK (("visits"."due_at" is null) <> ("visits"."skip_reason" is null))
);
--> statement-breakpoint
DROP INDEX "campaigns_business_name_lower_key";--> statement-breakpoint
DROP INDEX "deliveries_campaign_address_key";--> statement-breakpoint
DROP INDEX "deliveries_contact_campaign_key";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "contact_filter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "automation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "visit_id" integer;--> statement-breakpoint
ALTER TABLE "review_automations" ADD CONSTRAINT "review_automations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_business_visited_idx" ON "visits" USING btree ("business_id","visited_at","id");--> statement-breakpoint
CREATE INDEX "visits_contact_idx" ON "visits" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_automation_key" ON "campaigns" USING btree ("business_id","type") WHERE "campaigns"."automation";--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_visit_key" ON "deliveries" USING btree ("visit_id","follow_up") WHERE "deliveries"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_visit_sent_idx" ON "deliveries" USING btree ("campaign_id","sent_at") WHERE "deliveries"."visit_id" is not null and not "deliveries"."follow_up";--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_business_name_lower_key" ON "campaigns" USING btree ("business_id",lower("name")) WHERE not "campaigns"."automation";--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_campaign_address_key" ON "deliveries" USING btree ("campaign_id","follow_up","address") WHERE "deliveries"."visit_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_contact_campaign_key" ON "deliveries" USING btree ("contact_id","campaign_id","follow_up",coalesce("visit_id", 0));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_filter_check" CHECK ("campaigns"."automation" or "campaigns"."contact_filter_id" is not null);