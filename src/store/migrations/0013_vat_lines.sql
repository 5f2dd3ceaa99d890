CREATE TABLE `vat_documents` (
	`source` text NOT NULL,
	`document_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`environment` text NOT NULL,
	`month` text NOT NULL,
	`document_type` text NOT NULL,
	`iva_returned` text NOT NULL,
	PRIMARY KEY(`source`, `document_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vat_documents_month` ON `vat_documents` (`organization_id`,`environment`,`month`,`source`);--> statement-breakpoint
CREATE TABLE `vat_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`document_id` integer NOT NULL,
	`tax_code` text,
	`rate_code` text,
	`service` integer NOT NULL,
	`base` text NOT NULL,
	`tax` text NOT NULL,
	`exonerated_base` text NOT NULL,
	`exonerated_tax` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vat_lines_document` ON `vat_lines` (`source`,`document_id`);--> statement-breakpoint
ALTER TABLE `received_documents` ADD `tax_condition` text;--> statement-breakpoint
ALTER TABLE `received_documents` ADD `creditable_tax` text;