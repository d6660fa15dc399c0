/** The widget library: import widgets from '@/ui'. */
export { CodeInput, OTP_LENGTH, type CodeInputHandle, type CodeInputProps } from './code-input.tsx';
export { CountrySelect, countryName, countryNameOf, type CountrySelectProps } from './country-select.tsx';
export { ErrorView, type ErrorViewProps } from './error-view.tsx';
export { CheckCircleIcon } from './icons.tsx';
export { FileUpload, type FileUploadProps, type UploadedFile } from './file-upload.tsx';
export { FieldError, loadFieldSanitizer, type FieldErrorProps } from './field-error.tsx';
export { FloatingLabelInput, type FloatingLabelInputProps } from './floating-label-input.tsx';
export { PasswordInput, type PasswordInputProps } from './password-input.tsx';
export { GradientButton, type GradientButtonProps, type GradientButtonVariant } from './gradient-button.tsx';
export { Modal, type ModalProps, type ModalWidth } from './modal.tsx';
export type { DialogBaseProps } from './dialog-shell.tsx';
export { loadDialogShell } from './lazy-dialog-shell.tsx';
export { Sheet, type SheetProps } from './sheet.tsx';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner.tsx';
export { TabSwitcher, type TabItem, type TabSwitcherProps } from './tab-switcher.tsx';
export { TextInput, type TextInputProps } from './text-input.tsx';
export { TOAST_DURATION_MS, ToastProvider, useToast, type ToastApi } from './toast.tsx';
export {
  showToast,
  subscribeToToasts,
  toast,
  type ToastKind,
  type ToastListener,
  type ToastOptions,
  type ToastPosition,
} from './toast-store.ts';
export { RESEND_SECONDS, useCodeSender } from './use-code-sender.ts';
export { useValidation, type ValidatedFieldProps, type Validator } from './use-validation.ts';
export { isNewPasswordReady, NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
