CREATE TABLE "client_logs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"client_uuid" varchar(36) NOT NULL,
	"entries" jsonb NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
