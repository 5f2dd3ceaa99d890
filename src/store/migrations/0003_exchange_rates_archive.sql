CREATE TABLE `archive_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`status` text NOT NULL,
	`documents` integer,
	`size_bytes` integer,
	`error` text,
	`file_path` text,
	`created_at` text NOT NULL,
	`finished_at` text,
	`expires_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `archive_exports_organization` ON `archive_exports` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`currency` text NOT NULL,
	`entity` text NOT NULL,
	`date` text NOT NULL,
	`buy` text NOT NULL,
	`sell` text NOT NULL,
	`source` text NOT NULL,
	`fetched_at` text NOT NULL,
	PRIMARY KEY(`currency`, `entity`, `date`)
);
--> statement-breakpoint
CREATE TABLE `imported_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`clave` text NOT NULL,
	`document_type` text NOT NULL,
	`consecutive` text NOT NULL,
	`issuer_identification` text NOT NULL,
	`issuer_name` text NOT NULL,
	`receiver_identification` text,
	`receiver_name` text,
	`currency` text NOT NULL,
	`total_amount` text NOT NULL,
	`issued_at` text NOT NULL,
	`signed_xml` blob NOT NULL,
	`response_xml` blob,
	`source_file` text NOT NULL,
	`imported_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `imported_documents_clave` ON `imported_documents` (`organization_id`,`clave`);--> statement-breakpoint
CREATE INDEX `imported_documents_issued` ON `imported_documents` (`organization_id`,`issued_at`);