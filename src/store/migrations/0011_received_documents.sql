CREATE TABLE `mailbox_settings` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`environment` text NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`secure` integer NOT NULL,
	`username` text NOT NULL,
	`password` blob NOT NULL,
	`folder` text NOT NULL,
	`processed_folder` text,
	`interval_minutes` integer NOT NULL,
	`enabled` integer NOT NULL,
	`last_polled_at` text,
	`last_error` text,
	`last_result` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `received_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`clave` text NOT NULL,
	`document_type` text NOT NULL,
	`consecutive` text NOT NULL,
	`issuer_identification_type` text NOT NULL,
	`issuer_identification` text NOT NULL,
	`issuer_name` text NOT NULL,
	`receiver_identification` text NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text NOT NULL,
	`total_amount` text NOT NULL,
	`tax_amount` text NOT NULL,
	`tax_breakdown` text NOT NULL,
	`references` text NOT NULL,
	`issued_at` text NOT NULL,
	`transaction_month` text NOT NULL,
	`answer_due` text,
	`signed_xml` blob NOT NULL,
	`chain_verified` integer NOT NULL,
	`hacienda_answer_xml` blob,
	`hacienda_answer_state` text,
	`pdf` blob,
	`findings` text NOT NULL,
	`state` text NOT NULL,
	`answer_document_id` integer,
	`source` text NOT NULL,
	`source_name` text NOT NULL,
	`received_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `received_documents_clave` ON `received_documents` (`organization_id`,`environment`,`clave`);--> statement-breakpoint
CREATE INDEX `received_documents_listing` ON `received_documents` (`organization_id`,`environment`,`id`);--> statement-breakpoint
CREATE INDEX `received_documents_month` ON `received_documents` (`organization_id`,`environment`,`transaction_month`);--> statement-breakpoint
CREATE INDEX `received_documents_due` ON `received_documents` (`state`,`answer_due`);