import {
  categoryInput as sharedCategoryInput,
  productFields,
  refineProduct,
  type ProductInput,
} from '@ordering/common/schemas';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { fields } from '../core/validation.js';

// The shapes and their rules are shared with the back office (common/src/schemas/catalog.ts); the API adds
// what only it does: cleaning description HTML.
export {
  alternativeUnitSchema,
  configurablePartSchema,
  menuInput,
  optionGroupInput,
  partOptionSchema,
  scheduleSchema,
  type MenuInput,
  type ProductInput,
} from '@ordering/common/schemas';

/**
 * Description text: plain text stays exactly as typed; anything that looks like HTML is reduced to harmless
 * formatting (no scripts, no event handlers, no `javascript:` URLs), because the storefront may render it.
 */
export const richText = (max = 5000) =>
  fields.optionalText(max).transform((text) =>
    text.includes('<')
      ? sanitizeHtml(text, {
          allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'span', 'small'],
          allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
          allowedSchemes: ['http', 'https', 'mailto', 'tel'],
        })
      : text,
  );

/** Body of POST and PUT /api/products: the shared shape with its descriptions cleaned. */
export const productInput = z
  .object({ ...productFields, description: richText(10000), descriptionEn: richText(10000) })
  .superRefine(refineProduct) satisfies z.ZodType<ProductInput>;

/** Body of POST and PUT /api/categories. */
export const categoryInput = sharedCategoryInput.extend({
  description: richText(5000),
  descriptionEn: richText(5000),
});
