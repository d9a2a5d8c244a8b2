import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AjaxError } from './ajax';
import { config } from './config';
import { log } from './log';
import { PendingButton } from './PendingButton';
import { Store, useStore } from './store';
import { useStrings } from './useStrings';

interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom; a dialogue without them gets a Close button. */
  footer?: ReactNode;
  /** alertdialog for questions and errors that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Whether Escape and a click outside close it (questions keep it to the buttons and Escape). */
  dismissable?: boolean;
}

/** A modal dialogue: focus is trapped inside, Escape closes it, focus returns where it was. */
export function ModalDialog({ title, isOpen, onClose, children, footer, role = 'dialog', dismissable = true }: ModalDialogProps) {
  const s = useStrings('moodle', ['close']);
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable={dismissable} isKeyboardDismissDisabled={false}>
      <Modal className="modal">
        <Dialog className="modal-dialog" role={role}>
          <Heading slot="title" className="modal-title">
            {title}
          </Heading>
          <div className="modal-body">{children}</div>
          <div className="modal-footer">
            {footer ?? (
              <Button className="btn btn-primary" onPress={onClose} autoFocus>
                {s('close')}
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

type Request =
  | { kind: 'confirm'; id: number; title: string; message: ReactNode; confirmLabel: string; cancelLabel?: string; destructive: boolean; settle: (ok: boolean) => void }
  | { kind: 'alert'; id: number; title: string; message: ReactNode; settle: () => void }
  | { kind: 'exception'; id: number; error: ExceptionDetails; settle: () => void };

interface ExceptionDetails {
  message: string;
  errorcode?: string;
  moreinfourl?: string;
  debuginfo?: string | null;
  backtrace?: string | null;
}

const dialogs = new Store<Request[]>([]);
let nextId = 1;

function open(request: Request): void {
  dialogs.set([...dialogs.get(), request]);
}

function close(id: number): void {
  dialogs.set(dialogs.get().filter((d) => d.id !== id));
}

interface FormDialogProps {
  title: string;
  /** The form's id, which the footer's submit button names. */
  formId: string;
  submitLabel: string;
  cancelLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/** A modal dialogue holding one form: Cancel, and a submit button that shows progress while pending. */
export function FormDialog({ title, formId, submitLabel, cancelLabel, pending, onSubmit, onClose, className = 'form-stack', children }: FormDialogProps) {
  return (
    <ModalDialog
      isOpen
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {cancelLabel}
          </Button>
          <PendingButton isPending={pending} className="btn btn-primary" type="submit" form={formId}>
            {submitLabel}
          </PendingButton>
        </>
      }
    >
      <form id={formId} className={className} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </ModalDialog>
  );
}

export interface ConfirmOptions {
  title: string;
  /** The question, naming the object, and the consequence in one sentence. */
  message: ReactNode;
  /** Says the action ("Delete 3 tags"), never just "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
}

/** Asks a yes/no question; resolves true when the user confirms. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => open({ kind: 'confirm', id: nextId++, destructive: false, ...options, settle: resolve }));
}

/** Tells the user something; resolves when they close it. */
export function alertDialog(title: string, message: ReactNode): Promise<void> {
  return new Promise((resolve) => open({ kind: 'alert', id: nextId++, title, message, settle: resolve }));
}

/**
 * The exception dialogue for unexpected failures: the message, and for developers the debug info
 * and backtrace when the server sent them.
 */
export function showException(error: unknown): Promise<void> {
  const details: ExceptionDetails =
    error instanceof AjaxError
      ? { message: error.message, errorcode: error.errorcode, moreinfourl: error.moreinfourl, debuginfo: error.debuginfo, backtrace: error.backtrace }
      : { message: error instanceof Error ? error.message : String(error) };
  log.error('exception', error);
  return new Promise((resolve) => open({ kind: 'exception', id: nextId++, error: details, settle: resolve }));
}

function ExceptionBody({ error }: { error: ExceptionDetails }) {
  const s = useStrings('moodle', ['errorcode', 'debuginfo', 'stacktrace', 'moreinformation']);
  const stack = [error.debuginfo, error.backtrace].filter(Boolean).join('\n\n');
  return (
    <>
      <p className="exception-message">{error.message}</p>
      {error.errorcode && (
        <p className="muted">
          {s('errorcode')}: <code>{error.errorcode}</code>
        </p>
      )}
      {error.moreinfourl && /^https?:\/\//.test(error.moreinfourl) && (
        <p>
          <a href={error.moreinfourl} target="_blank" rel="noreferrer">
            {s('moreinformation')}
          </a>
        </p>
      )}
      {stack && (
        <details className="exception-debug" open={config().developerdebug}>
          <summary>
            {s('debuginfo')} / {s('stacktrace')}
          </summary>
          <pre>{stack}</pre>
        </details>
      )}
    </>
  );
}

/** Renders whichever dialogues are open; mounted once by the layout. */
export function DialogHost() {
  const open = useStore(dialogs);
  const s = useStrings('moodle', ['ok', 'cancel', 'error']);
  return (
    <>
      {open.map((d) => {
        if (d.kind === 'confirm') {
          const answer = (ok: boolean) => {
            close(d.id);
            d.settle(ok);
          };
          return (
            <ModalDialog
              key={d.id}
              isOpen
              role="alertdialog"
              title={d.title}
              dismissable={false}
              onClose={() => answer(false)}
              footer={
                <>
                  <Button className="btn btn-secondary" onPress={() => answer(false)}>
                    {d.cancelLabel ?? s('cancel')}
                  </Button>
                  <Button className={`btn ${d.destructive ? 'btn-danger' : 'btn-primary'}`} onPress={() => answer(true)} autoFocus>
                    {d.confirmLabel}
                  </Button>
                </>
              }
            >
              <div>{d.message}</div>
            </ModalDialog>
          );
        }
        const done = () => {
          close(d.id);
          d.settle();
        };
        const ok = (
          <Button className="btn btn-primary" onPress={done} autoFocus>
            {s('ok')}
          </Button>
        );
        if (d.kind === 'alert') {
          return (
            <ModalDialog key={d.id} isOpen role="alertdialog" title={d.title} onClose={done} footer={ok}>
              <div>{d.message}</div>
            </ModalDialog>
          );
        }
        return (
          <ModalDialog key={d.id} isOpen role="alertdialog" title={s('error')} onClose={done} footer={ok}>
            <ExceptionBody error={d.error} />
          </ModalDialog>
        );
      })}
    </>
  );
}
