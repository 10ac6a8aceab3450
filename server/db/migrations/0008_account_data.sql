CREATE TABLE "opt_out_hashes" (
	"business_id" integer NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_out_hashes_pkey" PRIMARY KEY("business_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "opt_out_hashes" ADD CONSTRAINT "opt_out_hashes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
-- The hash an opt-out outlives its contact as (server/contacts/opt-out-hashes.ts): per business, so
-- the same address hashes differently in two businesses; `kind` is 'email' or 'phone'.
CREATE FUNCTION opt_out_hash(business_id integer, kind text, address text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(business_id || ':' || kind || ':' || address, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- A contact added again (form, import, anything) whose email or phone number belonged to an erased
-- contact who had opted out starts UNSUBSCRIBED. Named to run before contacts_api_json (BEFORE
-- triggers run in name order), so the kept JSON shows that status.
CREATE FUNCTION contacts_keep_opt_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'ACTIVE' AND EXISTS (
    SELECT 1 FROM opt_out_hashes o
    WHERE o.business_id = NEW.business_id
      AND o.address_hash IN (opt_out_hash(NEW.business_id, 'email', lower(trim(NEW.email))),
                             opt_out_hash(NEW.business_id, 'phone', ltrim(NEW.phone_number, '+')))
  ) THEN
    NEW.status := 'UNSUBSCRIBED';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_0_keep_opt_out BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION contacts_keep_opt_out();
--> statement-breakpoint
-- Deliveries of contacts deleted before erasure existed still carry their address and message.
UPDATE deliveries SET address = 'Erased contact ' || id, subject = NULL, body = '', error = NULL WHERE contact_id IS NULL;
