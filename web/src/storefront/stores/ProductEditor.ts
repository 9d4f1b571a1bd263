import {
  allowsMultipleFiles,
  amountFromInput,
  availableUnits,
  canDecrease,
  canIncrease,
  convertAmountForUnitChange,
  decreaseAmount,
  increaseAmount,
  isAcceptedFileName,
  isCartItemValid,
  isPartValueValid,
  priceLine,
  quantityRules,
  startItem,
  stepNavigation,
  t,
  toggleMultiselectOption,
  toggleSelectOption,
  type CartItem,
  type LinePricing,
  type OrderType,
  type PartFileValue,
  type Product,
  type QuantityRules,
  type StepNavigation,
  type UnitCode,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatAmount } from '../format';

/** A file stored by the upload API. */
export interface UploadedFile {
  id: number;
  name?: string;
  extension: string;
  publicHash: string;
  /** Proof that this visitor uploaded it: the order names the file with it (given only to the uploader). */
  secret: string;
}

/** Uploads one file; reports progress as a fraction 0…1. */
export type FileUploader = (file: File, onProgress: (fraction: number) => void) => Promise<UploadedFile>;

/** A file being uploaded for a part. */
export interface PendingUpload {
  key: number;
  partIndex: number;
  name: string;
  progress: number;
}

export interface ProductEditorOptions {
  /** The cart item to edit; a new item when absent. */
  item?: CartItem;
  /** Index of the edited item in the cart. */
  editIndex?: number | null;
  orderType: OrderType;
  uploader?: FileUploader;
}

/**
 * The product modal's state (spec sections 4 and 5): amount and unit with snapping, part values, the
 * steps of a step-by-step product, uploads and the live price. Saving is the cart's job.
 */
export class ProductEditor {
  item: CartItem;
  amountText: string;
  step = 0;
  orderType: OrderType;
  pendingUploads: PendingUpload[] = [];
  uploadErrors = new Map<number, string>();
  /** Names of uploaded files by upload id, for the list under a file part. */
  fileNames = new Map<number, string>();
  private uploadKey = 0;

  readonly product: Product;
  readonly editIndex: number | null;
  private readonly uploader?: FileUploader;

  constructor(product: Product, options: ProductEditorOptions) {
    this.product = product;
    this.editIndex = options.editIndex ?? null;
    this.orderType = options.orderType;
    this.uploader = options.uploader;
    const start = startItem(product);
    this.item = options.item
      ? { ...options.item, parts: start.parts.map((empty, i) => options.item?.parts[i] ?? empty) }
      : start;
    this.amountText = formatAmount(this.item.amount);
    makeAutoObservable<ProductEditor, 'uploader' | 'uploadKey'>(
      this,
      { product: false, editIndex: false, uploader: false, uploadKey: false },
      { autoBind: true },
    );
  }

  get isEditing(): boolean {
    return this.editIndex !== null;
  }

  get parts() {
    return this.product.config?.parts ?? [];
  }

  get units(): UnitCode[] {
    return availableUnits(this.product);
  }

  get rules(): QuantityRules {
    return quantityRules(this.product, this.item.unit);
  }

  get canDecrease(): boolean {
    return canDecrease(this.item.amount, this.rules);
  }

  get canIncrease(): boolean {
    return canIncrease(this.item.amount, this.rules);
  }

  /** While typing: keep the text as typed. */
  setAmountText(text: string): void {
    this.amountText = text;
  }

  /** On blur or Enter: comma decimals, non-numbers become 0, then snapped to minimum, step and maximum. */
  commitAmount(): void {
    this.setAmount(amountFromInput(this.product, this.item.unit, this.amountText));
  }

  increase(): void {
    if (this.canIncrease) this.setAmount(increaseAmount(this.item.amount, this.rules));
  }

  decrease(): void {
    if (this.canDecrease) this.setAmount(decreaseAmount(this.item.amount, this.rules));
  }

  /** Changing the unit converts the amount and snaps it to the new unit's rules. */
  setUnit(unit: UnitCode): void {
    if (unit === this.item.unit || !this.units.includes(unit)) return;
    const amount = convertAmountForUnitChange(this.product, this.item.amount, this.item.unit, unit);
    this.item = { ...this.item, unit, amount };
    this.amountText = formatAmount(amount);
  }

  private setAmount(amount: number): void {
    this.item = { ...this.item, amount };
    this.amountText = formatAmount(amount);
  }

  private setPart(index: number, value: CartItem['parts'][number]): void {
    const parts = [...this.item.parts];
    parts[index] = value;
    this.item = { ...this.item, parts };
  }

  /** Select: choose an option; clicking the chosen one of an optional part deselects it. */
  clickSelectOption(partIndex: number, optionIndex: number): void {
    const part = this.parts[partIndex];
    if (!part) return;
    this.setPart(partIndex, toggleSelectOption(part, this.item.parts[partIndex], optionIndex));
  }

  /** Multiselect: add or remove an option. */
  toggleMultiselectOption(partIndex: number, optionIndex: number): void {
    const part = this.parts[partIndex];
    this.setPart(
      partIndex,
      toggleMultiselectOption(this.item.parts[partIndex], optionIndex, part?.maxChoices ?? null),
    );
  }

  setText(partIndex: number, text: string): void {
    this.setPart(partIndex, text);
  }

  /** A multiselect whose maximum is chosen: its other options wait (shown disabled). */
  isPartFull(partIndex: number): boolean {
    const part = this.parts[partIndex];
    const value = this.item.parts[partIndex];
    return (
      part?.type === 'multiselect' &&
      part.maxChoices != null &&
      Array.isArray(value) &&
      value.length >= part.maxChoices
    );
  }

  isPartValid(partIndex: number): boolean {
    const part = this.parts[partIndex];
    return !part || isPartValueValid(part, this.item.parts[partIndex]);
  }

  filesOf(partIndex: number): PartFileValue[] {
    const value = this.item.parts[partIndex];
    return Array.isArray(value)
      ? value.filter((entry): entry is PartFileValue => typeof entry === 'object')
      : [];
  }

  removeFile(partIndex: number, id: number): void {
    this.setPart(
      partIndex,
      this.filesOf(partIndex).filter((file) => file.id !== id),
    );
  }

  get isUploading(): boolean {
    return this.pendingUploads.length > 0;
  }

  /**
   * Uploads the chosen files of a file part: the part type's extensions only (section 5), several files only
   * for images/files; a file that fails shows the upload error text of section 8.
   */
  async addFiles(partIndex: number, files: readonly File[]): Promise<void> {
    const part = this.parts[partIndex];
    if (!part || !this.uploader) return;
    this.uploadErrors.delete(partIndex);
    const chosen = allowsMultipleFiles(part.type) ? files : files.slice(0, 1);
    await Promise.all(
      chosen.map(async (file) => {
        if (!isAcceptedFileName(part.type, file.name)) {
          runInAction(() =>
            this.uploadErrors.set(partIndex, t('cart.uploadFailed', { fileName: file.name })),
          );
          return;
        }
        const pending: PendingUpload = { key: ++this.uploadKey, partIndex, name: file.name, progress: 0 };
        this.pendingUploads.push(pending);
        try {
          const uploaded = await this.uploader!(file, (fraction) =>
            runInAction(() => {
              const entry = this.pendingUploads.find((candidate) => candidate.key === pending.key);
              if (entry) entry.progress = fraction;
            }),
          );
          runInAction(() => {
            this.fileNames.set(uploaded.id, uploaded.name || file.name);
            const ref = { id: uploaded.id, secret: uploaded.secret };
            this.setPart(
              partIndex,
              allowsMultipleFiles(part.type) ? [...this.filesOf(partIndex), ref] : [ref],
            );
          });
        } catch {
          runInAction(() =>
            this.uploadErrors.set(partIndex, t('cart.uploadFailed', { fileName: file.name })),
          );
        } finally {
          runInAction(() => {
            this.pendingUploads = this.pendingUploads.filter((entry) => entry.key !== pending.key);
          });
        }
      }),
    );
  }

  get isStepByStep(): boolean {
    return !!this.product.isStepByStep && this.parts.length > 0;
  }

  get navigation(): StepNavigation {
    return stepNavigation(this.product, this.item, this.step);
  }

  forward(): void {
    if (this.navigation.canForward) this.step += 1;
  }

  back(): void {
    if (this.navigation.canBack) this.step -= 1;
  }

  get isValid(): boolean {
    return isCartItemValid(this.item, this.product) && !this.isUploading;
  }

  /** Names of required parts still missing, for the hint next to the disabled save button. */
  get missingParts(): string[] {
    return this.parts.filter((_, index) => !this.isPartValid(index)).map((part) => part.name);
  }

  get price(): LinePricing {
    return priceLine(
      { product: this.product, amount: this.item.amount, unit: this.item.unit, parts: this.item.parts },
      this.orderType,
    );
  }
}
