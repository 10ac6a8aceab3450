CREATE TABLE "contact_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"contact_id" integer,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"delivery_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_events_kind_check" CHECK ("contact_events"."kind" in ('opt_out', 'opt_in', 'hard_bounce', 'soft_bounce', 'complaint', 'suppressed', 'lifted'))
);
--> statement-breakpoint
CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppressions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"evidence" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_channel_check" CHECK ("suppressions"."channel" in ('SMS', 'EMAIL')),
	CONSTRAINT "suppressions_reason_check" CHECK ("suppressions"."reason" in ('unsubscribed', 'stop', 'hard_bounce', 'complaint', 'invalid_number'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sms_window_start" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sms_window_end" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD COLUMN "sms_window_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_problem" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "bounce" text;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_contact_idx" ON "contact_events" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_events_business_address_idx" ON "contact_events" USING btree ("business_id","channel","address","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_business_channel_address_key" ON "suppressions" USING btree ("business_id","channel","address");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_bounce_check" CHECK ("deliveries"."bounce" in ('hard', 'soft', 'complaint'));