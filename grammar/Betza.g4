// Betza's funny notation as Fairy-Stockfish reads it (and, where noted,
// XBoard's XBetza): ../shared/notations/betza.md. A string is a list of
// groups; each group is modifiers (lower case), one atom (upper case) and
// an optional range. docs/notations/betza.md describes every construct and
// its lowering.
//
// The grammar only splits the string into groups; which letters are
// modifiers, how direction letters pair, doubled atoms (NN) and range
// digits are the visitor's business (lib/Notation/Betza/BetzaFrontend.cpp),
// where a precise message can be given.
grammar Betza;

betza : group* EOF ;

group : (MODIFIER | repeat)* (ATOM RANGE? | chain) ;

// The Interactive Diagram's repetition: '(caf)6mkB' repeats the letters
// in parentheses up to 6 times (XBetza legs: each copy holds an 'a').
repeat : LPAREN MODIFIER+ RPAREN RANGE ;

// The Interactive Diagram's bracket chains: '[F?R]' is the griffon, an F
// step that may stop ('?') or must go on ('-') as a rook bending outward;
// each link has its own letters and range ('[W?sR]', '[F?R3]').
chain : LBRACKET link (LINK_SEP link)* RBRACKET ;
link  : MODIFIER* ATOM RANGE? ;

MODIFIER : [a-z] ;
ATOM     : [A-Z] ;
RANGE    : [0-9]+ ;
LBRACKET : '[' ;
RBRACKET : ']' ;
LINK_SEP : [?-] ;
LPAREN   : '(' ;
RPAREN   : ')' ;
// Fairy-Stockfish skips blanks (variants.ini has "a:mBcpB "); so do we.
WS       : [ \t]+ -> skip ;
