//! `#[guarded]` for the binding's functions and methods: the body runs inside
//! `crate::errors::guard`, so a panic becomes `twmj.InternalError` rather than crossing into
//! Python as `PyO3`'s `PanicException`. An attribute (not a wrapper written in each body) keeps
//! the binding's functions convert–call–convert and makes the guard one line to review.

use proc_macro::TokenStream;
use quote::quote;
use syn::{parse_macro_input, parse_quote, Block, ItemFn};

/// Wraps the function's body in `crate::errors::guard(|| { … })`. The function must return
/// `PyResult<T>`.
#[proc_macro_attribute]
pub fn guarded(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return syn::Error::new(
            proc_macro2::Span::call_site(),
            "#[guarded] takes no arguments",
        )
        .to_compile_error()
        .into();
    }
    let mut f = parse_macro_input!(item as ItemFn);
    let body = &f.block;
    let guarded: Block = parse_quote!({ crate::errors::guard(move || #body) });
    *f.block = guarded;
    quote!(#f).into()
}
