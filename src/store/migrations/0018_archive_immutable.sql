-- The fiscal archive in the database itself: a signed document keeps its signed bytes, clave, consecutive and
-- owner as stored, whatever program writes to the file. (Deleting is left to restore, which replaces the whole
-- database with a backup's: src/store/snapshot.ts.)
CREATE TRIGGER documents_archive_immutable BEFORE UPDATE OF signed_xml, clave, consecutive, organization_id ON documents
WHEN NEW.signed_xml IS NOT OLD.signed_xml OR NEW.clave IS NOT OLD.clave OR NEW.consecutive IS NOT OLD.consecutive OR NEW.organization_id IS NOT OLD.organization_id
BEGIN SELECT RAISE(ABORT, 'the fiscal archive keeps a document as it was signed'); END;
--> statement-breakpoint
CREATE TRIGGER imported_documents_archive_immutable BEFORE UPDATE OF signed_xml, clave, consecutive, organization_id ON imported_documents
WHEN NEW.signed_xml IS NOT OLD.signed_xml OR NEW.clave IS NOT OLD.clave OR NEW.consecutive IS NOT OLD.consecutive OR NEW.organization_id IS NOT OLD.organization_id
BEGIN SELECT RAISE(ABORT, 'the fiscal archive keeps a document as it was signed'); END;
--> statement-breakpoint
CREATE TRIGGER received_documents_archive_immutable BEFORE UPDATE OF signed_xml, clave, consecutive, organization_id ON received_documents
WHEN NEW.signed_xml IS NOT OLD.signed_xml OR NEW.clave IS NOT OLD.clave OR NEW.consecutive IS NOT OLD.consecutive OR NEW.organization_id IS NOT OLD.organization_id
BEGIN SELECT RAISE(ABORT, 'the fiscal archive keeps a document as it was signed'); END;
