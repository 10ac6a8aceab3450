CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"contact_filter_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"start_time" timestamp with time zone,
	"interval" integer NOT NULL,
	"interval_size" integer NOT NULL,
	"send_all_at_once" boolean DEFAULT true NOT NULL,
	"subject" text,
	"message_body" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_type_check" CHECK ("campaigns"."type" in ('SMS', 'EMAIL')),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('CREATED', 'IN_PROGRESS', 'PAUSED', 'FAILED', 'COMPLETED', 'CANCELED')),
	CONSTRAINT "campaigns_interval_check" CHECK ("campaigns"."interval" > 0 and "campaigns"."interval_size" > 0),
	CONSTRAINT "campaigns_email_subject_check" CHECK ("campaigns"."type" <> 'EMAIL' or "campaigns"."subject" is not null)
);
--> statement-breakpoint
CREATE TABLE "contact_filter_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_filter_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_filter_id" integer NOT NULL,
	"position" integer NOT NULL,
	"attribute" text NOT NULL,
	"operator" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "contact_filter_items_attribute_check" CHECK ("contact_filter_items"."attribute" in ('firstName', 'lastName', 'email', 'phoneNumber', 'tags', 'birthDate', 'lastVisited', 'gender')),
	CONSTRAINT "contact_filter_items_operator_check" CHECK ("contact_filter_items"."operator" in ('BEGINS_WITH', 'ENDS_WITH', 'CONTAINS', 'DOES_NOT_CONTAIN', 'LESS_THAN', 'LESS_THAN_EQUALS', 'GREATER_THAN', 'GREATER_THAN_EQUALS', 'EQUALS', 'NOT_EQUALS'))
);
--> statement-breakpoint
CREATE TABLE "contact_filters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_filters_id_business_key" UNIQUE("id","business_id")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_link" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_filter_fk" FOREIGN KEY ("contact_filter_id","business_id") REFERENCES "public"."contact_filters"("id","business_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_filter_items" ADD CONSTRAINT "contact_filter_items_contact_filter_id_contact_filters_id_fk" FOREIGN KEY ("contact_filter_id") REFERENCES "public"."contact_filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_filters" ADD CONSTRAINT "contact_filters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_business_name_lower_key" ON "campaigns" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_contact_filter_idx" ON "campaigns" USING btree ("contact_filter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_filter_items_filter_position_key" ON "contact_filter_items" USING btree ("contact_filter_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_filters_business_name_lower_key" ON "contact_filters" USING btree ("business_id",lower("name"));