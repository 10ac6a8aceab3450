CREATE TABLE "campaign_runs" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"recipients_fixed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_ends_at" timestamp with time zone,
	"window_allowance" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"contact_id" integer,
	"address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_state_check" CHECK ("deliveries"."state" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'canceled', 'skipped', 'outbox'))
);
--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_campaign_address_key" ON "deliveries" USING btree ("campaign_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_contact_campaign_key" ON "deliveries" USING btree ("contact_id","campaign_id");--> statement-breakpoint
CREATE INDEX "deliveries_claim_idx" ON "deliveries" USING btree ("campaign_id","state","next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_provider_id_idx" ON "deliveries" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_unsubscribe_token_key" ON "deliveries" USING btree ("unsubscribe_token");