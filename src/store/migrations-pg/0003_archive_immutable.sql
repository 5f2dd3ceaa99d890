-- The fiscal archive in the database itself (docs/postgresql.md): a signed document — issued, imported from
-- another provider or received from a supplier — keeps its signed bytes, clave, consecutive and owner as
-- stored, and is never deleted, whatever program connects.
CREATE FUNCTION facturador_archive_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'the fiscal archive keeps every document for five years: %.% cannot be deleted', TG_TABLE_NAME, OLD.clave
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.signed_xml IS DISTINCT FROM OLD.signed_xml OR NEW.clave IS DISTINCT FROM OLD.clave
     OR NEW.consecutive IS DISTINCT FROM OLD.consecutive OR NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
    RAISE EXCEPTION 'the fiscal archive keeps a document as it was signed: %.% cannot be changed', TG_TABLE_NAME, OLD.clave
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER documents_archive_immutable BEFORE UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION facturador_archive_immutable();
CREATE TRIGGER imported_documents_archive_immutable BEFORE UPDATE OR DELETE ON imported_documents
  FOR EACH ROW EXECUTE FUNCTION facturador_archive_immutable();
CREATE TRIGGER received_documents_archive_immutable BEFORE UPDATE OR DELETE ON received_documents
  FOR EACH ROW EXECUTE FUNCTION facturador_archive_immutable();
