//! The chess variants (Grand Chess and Racing Kings) through the text interface.

mod text_interface;
