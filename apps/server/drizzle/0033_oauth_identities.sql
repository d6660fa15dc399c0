CREATE TABLE "user_oauth_identities" (
	"issuer" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_oauth_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "user_oauth_identities" ADD CONSTRAINT "user_oauth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_oauth_identities_user" ON "user_oauth_identities" USING btree ("user_id");