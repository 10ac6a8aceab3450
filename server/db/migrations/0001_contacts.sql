CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"last_visited" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_gender_check" CHECK ("contacts"."gender" in ('MALE', 'FEMALE', 'NOT_SPECIFIED')),
	CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('ACTIVE', 'UNSUBSCRIBED'))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_business_email_lower_key" ON "contacts" USING btree ("business_id",lower("email"));