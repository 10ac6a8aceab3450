CREATE TABLE "inbound_reports" (
	"key" text PRIMARY KEY NOT NULL,
	"delivery_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inbound_reports" ADD CONSTRAINT "inbound_reports_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_reports_delivery_idx" ON "inbound_reports" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "inbound_reports_expires_idx" ON "inbound_reports" USING btree ("expires_at") WHERE "inbound_reports"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_address_sent_idx" ON "deliveries" USING btree (lower("address"),"sent_at");